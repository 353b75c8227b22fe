import Foundation
import Hummingbird
import LiquidusModel
import LiquidusUseCases

/// `GET /signin?link=SECRET`: the one-time link `liquidus serve` prints and `liquidus serve
/// link` makes. Opening it spends it, opens a session of its token and redirects to `/`, so
/// the secret leaves the address bar (and the history's current entry) at once.
extension PageRoutes {
  func signInWithLink(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let client = context.remoteAddress?.ipAddress ?? "unknown"
    let now = runner.clock()
    // A plain visit to /signin (no link) is not a guess: it gets the page that asks.
    guard let secret = request.uri.queryParameters.get("link") else { return Self.redirect() }
    // A wrong link counts as a wrong token: guessing either is throttled the same way.
    var token: APIToken?
    if !throttle.isBlocked(client, at: now), !secret.isEmpty, secret.utf8.count <= 256 {
      let digest = APIToken.digest(of: secret)
      token = try await store.perform { store in
        try store.redeemSignInLink(digest: digest, now: now)
      }
    }
    guard let token else {
      throttle.recordFailure(client, at: now)
      let body = try PageTemplates.render(
        SignInView(
          error: "That sign-in link has been used or has expired. Make a new one with "
            + "`liquidus serve link`, or paste a token."),
        "signin")
      return try page(
        PageView(title: "Sign in", signedIn: false, csrf: "", body: body), status: .unauthorized)
    }
    let id = try await sessions.open(for: token, now: now)
    return Self.redirect(cookie: sessions.cookie(id))
  }
}

extension LiquidusServer {
  /// A one-time sign-in link to this server at `base`, for the line printed at start.
  public func makeSignInLink(base: String) async throws -> (url: String, expires: Date) {
    let runner = CallRunner(
      store: store, clock: configuration.clock, timeZone: configuration.timeZone,
      locale: configuration.locale, writes: GroupedWrites(store: store))
    let link = try await runner.run(MakeSignInLink(), .init())
    return (link.url(base: base), link.expires)
  }
}
