import Foundation
import Hummingbird

/// Puts the page's signed-in session (the one its cookie names) into the request's context, as
/// ``TokenGuard`` puts the token for `/api`; a request without one goes on without it, for the
/// routes a stranger may see (the sign-in screen, the page's own files).
struct SessionMiddleware: RouterMiddleware {
  typealias Context = APIRequestContext

  let sessions: Sessions
  let usage: UsageMarks
  let clock: @Sendable () -> Date

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var context = context
    let now = clock()
    context.session = try await sessions.session(
      for: request, overHTTPS: context.overHTTPS, now: now)
    // A browser signed in with a token uses it: `serve token list` says so.
    if let session = context.session { await usage.note(session.token, at: now) }
    return try await next(request, context)
  }
}

/// Refuses (401) a request without a signed-in session, before its body is read.
struct SignedInMiddleware: RouterMiddleware {
  typealias Context = APIRequestContext

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    _ = try context.requireSession()
    return try await next(request, context)
  }
}
