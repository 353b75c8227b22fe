import Foundation
import Hummingbird

/// Lets in an API request that the page's own script may also make: with a bearer token it is
/// any `/api` request (``TokenGuard``); without one, the page's signed-in session stands in for
/// the token, and a change must carry the session's CSRF token in `X-CSRF-Token`, as the page's
/// other changes do (``CSRFMiddleware``). The page subscribes to reminders this way
/// (`/api/push-subscriptions`), so that its phone's subscription belongs to its session.
struct TokenOrPageSession: RouterMiddleware {
  typealias Context = APIRequestContext

  let tokens: TokenGuard
  let sessions: Sessions
  let usage: UsageMarks
  let clock: @Sendable () -> Date

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if request.headers[.authorization] != nil {
      return try await tokens.handle(request, context: context, next: next)
    }
    // The page's own checks, in its order: the session from its cookie, then (for a change)
    // its CSRF token, so that both say and refuse what they say on the page's routes.
    let signedIn = SessionMiddleware(sessions: sessions, usage: usage, clock: clock)
    return try await signedIn.handle(request, context: context) { request, context in
      guard let session = context.session else {
        var problem = Problem(
          .unauthorized,
          "A valid token is needed: send 'Authorization: Bearer TOKEN' with a token made on the "
            + "server's machine, or sign in to the page.")
        problem.headers[.wwwAuthenticate] = "Bearer realm=\"liquidus\""
        throw problem
      }
      let method = request.method.rawValue
      guard session.token.scope.allows(method: method) else {
        throw TokenGuard.readOnly(session.token)
      }
      var context = context
      context.token = session.token
      guard method != "GET" && method != "HEAD" else { return try await next(request, context) }
      return try await CSRFMiddleware().handle(request, context: context, next: next)
    }
  }
}
