import Hummingbird
import NIOCore

/// Answers `HEAD` as the same request's `GET` would be answered, headers and all, without the
/// body (RFC 9110 section 9.3.2): monitors and link checkers ask with `HEAD`, and every route
/// answered them 404. The router sends a `HEAD` to its path's `GET` route (its option
/// `autoGenerateHeadEndpoints`), whose middleware this is; a refusal or a path without one is
/// answered here too. The `GET` route runs as for a `GET`, so it sees that method.
struct HeadAsGet: RouterMiddleware {
  typealias Context = APIRequestContext

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.method == .head else { return try await next(request, context) }
    var head = request.head
    head.method = .get
    let response = try await next(Request(head: head, body: request.body), context)
    // The body is started and ended at its first write: an event stream's body is what gives
    // back its place among the listeners.
    try? await response.body.write(EndAtFirstWrite())
    // The headers keep the length the body would have had; an empty body adds none.
    return Response(status: response.status, headers: response.headers, body: ResponseBody())
  }

  /// A writer whose first write ends the body it writes.
  private struct EndAtFirstWrite: ResponseBodyWriter {
    struct Ended: Error {}
    mutating func write(_ buffer: ByteBuffer) async throws { throw Ended() }
    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
  }
}
