import Hummingbird

/// Refuses (403) a page request that changes something unless it carries its session's CSRF
/// token: in an `X-CSRF-Token` header (the page's scripts), in the query (`?csrf=`, the
/// upload form, so that a large body is never read for a forged request), or as the `csrf`
/// field of a posted form, which is then kept in the context for the route.
///
/// A page on another site can make the browser post a form here with the session's cookie
/// (`SameSite=Strict` stops that in current browsers, this stops it in the rest), but cannot
/// read the token, which only this server's pages hold.
struct CSRFMiddleware: RouterMiddleware {
  typealias Context = APIRequestContext

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let session = try context.requireSession()
    var request = request
    var context = context
    var sent = request.headers[.init("X-CSRF-Token")!] ?? request.uri.queryParameters.get("csrf")
    if sent == nil, Self.isForm(request) {
      let form = try await PageForm.read(&request)
      context.form = form
      sent = form["csrf"]
    }
    guard let sent, TokenGuard.constantTimeEqual(Array(sent.utf8), Array(session.csrf.utf8))
    else { throw Problem(.forbidden, "This form is out of date; reload the page and try again.") }
    return try await next(request, context)
  }

  private static func isForm(_ request: Request) -> Bool {
    request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded")
      ?? false
  }
}
