import Foundation
import Hummingbird
import HummingbirdTesting
import LiquidusModel
import LiquidusStore
import Synchronization
import Testing

@testable import LiquidusServer

/// An `Idempotency-Key` is kept for 48 hours: a retry within them gets the first entry, one
/// after them is a new request, and the keys older than that are pruned by the next write.
@Suite struct IdempotencyWindowTests {
  @Test func aKeyIsKeptForTheWindowThenForgottenAndPruned() async throws {
    let hours = Mutex(0.0)
    let clock: @Sendable () -> Date = {
      InProcessServer.now.addingTimeInterval(hours.withLock { $0 } * 3600)
    }
    let server = try InProcessServer(clock: clock)
    let headers: HTTPFields = [
      .authorization: "Bearer \(InProcessServer.secret)", .contentType: "application/json",
      .init("Idempotency-Key")!: "tap-1",
    ]
    let body = #"{"drink":"water","amount":"250ml","at":"2026-11-20T13:00:00Z"}"#
    let token = try #require(try server.store.tokens().first)
    let key = RequestKey(tokenID: token.id, key: "tap-1", fingerprint: APIToken.digest(of: body))
    try await server.test { client in
      func post() async throws -> TestResponse {
        try await client.execute(
          uri: "/api/drinks", method: .post, headers: headers, body: ByteBuffer(string: body))
      }
      let first = try await post()
      #expect(first.status == .created)
      hours.withLock { $0 = 47 }
      let retry = try await post()
      #expect(retry.status == .created)
      #expect(retry.headers[.init("Idempotent-Replayed")!] == "true", "within 48 hours")
      hours.withLock { $0 = 49 }
      let late = try await post()
      #expect(late.status == .created)
      #expect(late.headers[.init("Idempotent-Replayed")!] == nil, "after 48 hours: a new request")
      // The first request's row is gone, not only out of sight: asked as of its own time, the
      // key now names the second request, logged at hour 49.
      guard case .same(let drink) = try server.store.earlierRequest(like: key, now: clock())
      else { Issue.record("the late request was not kept"); return }
      #expect(drink?.modifiedAt == clock(), "\(String(describing: drink))")
      // Another write, 49 hours after the late one, prunes it.
      hours.withLock { $0 = 98 }
      let other = try await client.execute(
        uri: "/api/drinks", method: .post,
        headers: [
          .authorization: "Bearer \(InProcessServer.secret)", .contentType: "application/json",
          .init("Idempotency-Key")!: "tap-2",
        ],
        body: ByteBuffer(string: #"{"drink":"water","amount":"100ml","at":"2026-11-24T13:00:00Z"}"#)
      )
      #expect(other.status == .created)
      let asOfLate = InProcessServer.now.addingTimeInterval(49 * 3600)
      guard case .none = try server.store.earlierRequest(like: key, now: asOfLate) else {
        Issue.record("a key older than 48 hours was kept after a write")
        return
      }
    }
    let logged = try server.store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture))
    #expect(logged.count == 3, "the first, the late retry, and the other")
  }
}
