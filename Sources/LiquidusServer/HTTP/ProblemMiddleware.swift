import Hummingbird
import Logging

/// Turns every error a route or a guard throws into a ``Problem`` response, and logs those
/// that are the server's fault (never a 500 for bad input).
struct ProblemMiddleware: RouterMiddleware {
  typealias Context = APIRequestContext

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      let problem = Problem(error)
      if problem.status.code >= 500 {
        context.logger.error("\(request.method) \(request.uri.path) failed: \(error)")
      }
      return try problem.response(from: request, context: context)
    }
  }
}
