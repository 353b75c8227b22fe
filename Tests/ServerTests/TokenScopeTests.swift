import Foundation
import Hummingbird
import HummingbirdTesting
import LiquidusModel
import LiquidusStore
import Testing

@testable import LiquidusServer

/// A token made `--read-only` reads and never writes: a status bar's or a sensor's copy of it
/// cannot log, change or delete an entry.
@Suite struct TokenScopeTests {
  static let readerSecret = "read-only-test-token"

  @Test func aReadOnlyTokenReadsButEveryWriteIsRefusedInWords() async throws {
    let server = try InProcessServer()
    _ = try server.store.addToken(
      named: "waybar", digest: APIToken.digest(of: Self.readerSecret), scope: .readOnly,
      now: InProcessServer.now)
    try await server.test { client in
      let reader: HTTPFields = [
        .authorization: "Bearer \(Self.readerSecret)", .contentType: "application/json",
      ]
      let owner: HTTPFields = [
        .authorization: "Bearer \(InProcessServer.secret)", .contentType: "application/json",
      ]
      for path in ["/api/status", "/api/due", "/api/types", "/api/drinks", "/api/summary"] {
        let read = try await client.execute(uri: path, method: .get, headers: reader)
        #expect(read.status == .ok, "\(path)")
      }
      let logged = try await client.execute(
        uri: "/api/drinks", method: .post, headers: owner,
        body: ByteBuffer(string: #"{"drink":"water","amount":"250ml"}"#))
      #expect(logged.status == .created)
      let uid = try #require(
        (try JSONSerialization.jsonObject(with: Data(buffer: logged.body)) as? [String: Any])
          .flatMap { $0["entry"] as? [String: Any] }?["uid"] as? String)
      for (method, path, body) in [
        (HTTPRequest.Method.post, "/api/drinks", #"{"drink":"water","amount":"250ml"}"#),
        (.patch, "/api/drinks/\(uid)", #"{"amount":"300ml"}"#),
        (.delete, "/api/drinks/\(uid)", ""), (.post, "/api/undo", ""),
        (.post, "/api/workouts", #"{"duration":"45min","activity":"running"}"#),
      ] {
        let write = try await client.execute(
          uri: path, method: method, headers: reader, body: ByteBuffer(string: body))
        #expect(write.status == .forbidden, "\(method) \(path)")
        #expect(
          String(buffer: write.body).contains(
            "The token 'waybar' may only read: logging, changing or deleting needs a token that "
              + "may write. Make one with `liquidus serve token add NAME`."),
          "\(method) \(path): \(String(buffer: write.body))")
      }
      // The page logs and changes entries: it does not sign in with such a token.
      let signIn = try await client.execute(
        uri: "/signin", method: .post,
        headers: [.contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: "token=\(Self.readerSecret)"))
      #expect(signIn.status == .forbidden)
      #expect(signIn.headers[.setCookie] == nil)
    }
    let left = try server.store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture))
    #expect(left.map(\.volume.milliliters) == [250], "the owner's drink, unchanged")
  }
}
