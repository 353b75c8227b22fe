import Hummingbird

/// Signing in and out: `POST /signin` with a token, `GET /signin?link=SECRET` with the
/// one-time link (spent on opening, then a redirect takes the secret out of the address bar),
/// and `POST /signout`.
struct SignInController {
  let signIns: SignIns

  var routes: RouteCollection<APIRequestContext> {
    let routes = RouteCollection(context: APIRequestContext.self)
    routes.get("signin", use: signInWithLink)
    routes.post("signin", use: signIn)
    routes.add(middleware: CSRFMiddleware())
    routes.post("signout", use: signOut)
    return routes
  }

  /// The sign-in screen, for `GET /` without a session.
  static func screen(error: String? = nil, status: HTTPResponse.Status = .ok) throws -> Response {
    try PageResponse.screen(
      "Sign in", "signin", SignInView(error: error.map(PageMessage.init)), session: nil,
      status: status)
  }

  /// Past the limit of wrong secrets: the sign-in screen says to wait, with the API's 429.
  static func tooManyGuesses() throws -> Response {
    var response = try screen(
      error: "Too many wrong tokens or links from here; wait a minute.",
      status: .tooManyRequests)
    response.headers[.retryAfter] = "60"
    return response
  }

  @Sendable func signIn(_ request: Request, context: APIRequestContext) async throws -> Response {
    var request = request
    let form = try await PageForm.read(&request)
    let secret = (form["token"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    // An empty form is no guess: it asks again and counts for nothing.
    guard !secret.isEmpty else {
      return try Self.screen(error: "Paste a token to sign in.", status: .unauthorized)
    }
    guard
      let cookie = try await signIns.withToken(
        secret, client: context.client, overHTTPS: context.overHTTPS)
    else {
      if signIns.isBlocked(context.client) { return try Self.tooManyGuesses() }
      return try Self.screen(
        error: "That token is not known here; make one with the command shown.",
        status: .unauthorized)
    }
    return PageResponse.redirect(cookie: cookie)
  }

  @Sendable func signInWithLink(_ request: Request, context: APIRequestContext) async throws
    -> Response
  {
    // A plain visit to /signin (no link) is not a guess: it gets the page that asks.
    guard let secret = request.uri.queryParameters.get("link"), !secret.isEmpty else {
      return PageResponse.redirect()
    }
    guard
      let cookie = try await signIns.withLink(
        secret, client: context.client, overHTTPS: context.overHTTPS)
    else {
      if signIns.isBlocked(context.client) { return try Self.tooManyGuesses() }
      return try Self.screen(
        error: "That sign-in link has been used or has expired. Make a new one with "
          + "`liquidus serve link`, or paste a token.",
        status: .unauthorized)
    }
    return PageResponse.redirect(cookie: cookie)
  }

  @Sendable func signOut(_ request: Request, context: APIRequestContext) async throws -> Response {
    PageResponse.redirect(
      cookie: try await signIns.signOut(
        try context.requireSession(), overHTTPS: context.overHTTPS))
  }
}
