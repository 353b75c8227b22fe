import Foundation
import Hummingbird

/// Answers 405 with `Allow` when a path of the API exists but not with the request's method
/// (RFC 9110 section 15.5.6), where the router alone says 404, as if the path did not exist.
///
/// Which methods each path takes is read from the OpenAPI document, the contract the routes
/// are tested against, so the two cannot drift apart here.
struct MethodNotAllowed: RouterMiddleware {
  typealias Context = APIRequestContext

  /// Each documented path, as its segments (`nil` for a `{parameter}`), and its methods.
  let paths: [(segments: [String?], methods: [String])]

  /// The paths and methods of `document`, an OpenAPI document.
  init(document: [UInt8]) {
    let json = (try? JSONSerialization.jsonObject(with: Data(document))) as? [String: Any]
    let documented = json?["paths"] as? [String: [String: Any]] ?? [:]
    paths = documented.map { path, operations in
      let segments = path.split(separator: "/").map { segment -> String? in
        segment.hasPrefix("{") ? nil : String(segment)
      }
      let methods = Self.order.filter { operations[$0.lowercased()] != nil }
      // HEAD is answered wherever GET is (``HeadAsGet``).
      return (segments, methods.contains("GET") ? methods + ["HEAD"] : methods)
    }
  }

  private static let order = ["GET", "POST", "PUT", "PATCH", "DELETE"]

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as HTTPError where error.status == .notFound {
      guard let allowed = methods(of: request.uri.path),
        !allowed.contains(request.method.rawValue)
      else { throw error }
      var problem = Problem(
        .methodNotAllowed,
        "\(request.uri.path) takes \(allowed.joined(separator: ", ")), not "
          + "\(request.method.rawValue); see /api/openapi.json.")
      problem.headers[.allow] = allowed.joined(separator: ", ")
      throw problem
    }
  }

  /// The methods the documented path matching `path` takes; nil for no such path.
  func methods(of path: String) -> [String]? {
    let parts = path.split(separator: "/").map(String.init)
    return paths.first { documented in
      documented.segments.count == parts.count
        && zip(documented.segments, parts).allSatisfy { $0 == nil || $0 == $1 }
    }?.methods
  }
}
