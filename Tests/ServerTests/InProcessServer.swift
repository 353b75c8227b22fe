import Foundation
import Hummingbird
import HummingbirdTesting
import LiquidusModel
import LiquidusStore
import Testing

@testable import LiquidusServer

/// The server's router over a fresh database file, answered in process by HummingbirdTesting:
/// the routes, middleware and problems as the binary has them, without a process or a socket.
struct InProcessServer {
  static let now = try! Date("2026-11-20T14:00:00Z", strategy: .iso8601)
  /// A token's secret that the database knows, for the API and for signing in.
  static let secret = "in-process-test-token"

  let folder: URL
  let store: DrinkStore
  let server: LiquidusServer

  /// - Parameters:
  ///   - clock: "now" for each request; ``now`` unless a test moves it.
  ///   - configure: changes to the server's configuration (its options), if any.
  init(
    clock: @escaping @Sendable () -> Date = { InProcessServer.now },
    configure: (inout LiquidusServer.Configuration) -> Void = { _ in }
  ) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("liquidus-server-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    store = try DrinkStore.open(
      at: folder.appendingPathComponent("liquidus.db").path, sharing: .manyCallers)
    _ = try store.addToken(
      named: "phone", digest: APIToken.digest(of: Self.secret), now: Self.now)
    var configuration = LiquidusServer.Configuration(
      clock: clock, timeZone: TimeZone(identifier: "Europe/Berlin")!,
      locale: Locale(identifier: "en_US"))
    configure(&configuration)
    server = LiquidusServer(store: store, configuration: configuration)
  }

  /// Runs `body` with a client of the router, then removes the database.
  func test<Value: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> Value)
    async throws -> Value
  {
    defer { try? FileManager.default.removeItem(at: folder) }
    let app = Application(router: try server.makeRouter())
    return try await app.test(.router) { client in try await body(client) }
  }
}

/// A signed-in page: its session cookie and the CSRF token its forms carry.
struct SignedInPage {
  let cookie: String
  let csrf: String

  static func signIn(_ client: any TestClientProtocol) async throws -> SignedInPage {
    let signedIn = try await client.execute(
      uri: "/signin", method: .post,
      headers: [.contentType: "application/x-www-form-urlencoded"],
      body: ByteBuffer(string: "token=\(InProcessServer.secret)"))
    #expect(signedIn.status == .seeOther)
    let cookie = try #require(signedIn.headers[.setCookie]?.split(separator: ";").first)
    let today = try await client.execute(
      uri: "/", method: .get, headers: [.cookie: String(cookie)])
    let html = String(buffer: today.body)
    let marker = try #require(html.range(of: "name=\"csrf\" value=\""), "\(html)")
    return SignedInPage(
      cookie: String(cookie), csrf: String(html[marker.upperBound...].prefix { $0 != "\"" }))
  }

  /// A form post from this page, with its cookie.
  func post(
    _ client: any TestClientProtocol, _ path: String, _ form: String,
    headers: HTTPFields = [:]
  ) async throws -> TestResponse {
    var headers = headers
    headers[.cookie] = cookie
    headers[.contentType] = "application/x-www-form-urlencoded"
    return try await client.execute(
      uri: path, method: .post, headers: headers, body: ByteBuffer(string: form))
  }
}
