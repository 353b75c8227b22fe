import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LiquidusServer

/// A path of the API asked with a method it does not take: 405 with `Allow`, as the OpenAPI
/// document lists them, not the 404 of a path that does not exist.
@Suite struct MethodNotAllowedTests {
  static let owner: HTTPFields = [.authorization: "Bearer \(InProcessServer.secret)"]

  @Test func anotherMethodGets405WithTheOnesThePathTakes() async throws {
    try await InProcessServer().test { client in
      for (method, path, allowed) in [
        (HTTPRequest.Method.put, "/api/status", "GET, HEAD"),
        (.delete, "/api/undo", "POST"),
        (.trace, "/api/drinks", "GET, POST, HEAD"),
        (.post, "/api/drinks/some-uid", "PATCH, DELETE"),
        (.options, "/api/types", "GET, HEAD"),
      ] {
        let answer = try await client.execute(uri: path, method: method, headers: Self.owner)
        #expect(answer.status == .methodNotAllowed, "\(method) \(path)")
        #expect(answer.headers[.allow] == allowed, "\(method) \(path)")
        #expect(answer.headers[.contentType] == "application/problem+json", "\(method) \(path)")
      }
      let nowhere = try await client.execute(uri: "/api/nowhere", method: .put, headers: Self.owner)
      #expect(nowhere.status == .notFound)
    }
  }
}
