import Foundation
import Hummingbird
import HummingbirdTesting
import LiquidusModel
import LiquidusStore
import Synchronization
import Testing

@testable import LiquidusServer

/// `POST /api/push-actions`: a notification's button with the page closed. Its single-use
/// credential is the only authority, for its own button: a tap sent twice with its key logs
/// once, a spent, expired, stopped or other button's credential is a 401 that logs nothing.
@Suite struct PushActionRouteTests {
  static let log = "bG9nLWNyZWRlbnRpYWwtb2YtdGhlLXRlc3Q"
  static let snooze = "c25vb3plLWNyZWRlbnRpYWwtb2YtdGhlLXRlc3Q"

  /// A subscribed phone whose last reminder carried ``log`` and ``snooze``.
  static func remindedPhone(_ store: DrinkStore) throws -> PushSubscription {
    let draft = try PushSubscriptionDraft(
      endpoint: "https://fcm.googleapis.com/fcm/send/phone",
      p256dh: PushSubscriptionRouteTests.p256dh,
      auth: PushSubscriptionRouteTests.auth, device: "Phone", services: .standard)
    let token = try #require(try store.tokenDigests().first?.0.id)
    let phone = try store.keepPushSubscription(
      draft, for: PushOwner(tokenID: token), now: InProcessServer.now)
    let expires = InProcessServer.now.addingTimeInterval(4 * 3600)
    for (credential, action) in [(log, PushAction.log), (snooze, .snooze)] {
      try store.keepPushAction(
        digest: PushAction.digest(of: credential), subscriptionID: phone.id, allows: action,
        expires: expires)
    }
    return phone
  }

  static func tap(
    _ client: any TestClientProtocol, _ body: String, key: String? = "tap-1"
  ) async throws -> TestResponse {
    var headers: HTTPFields = [.contentType: "application/json"]
    if let key { headers[.init("Idempotency-Key")!] = key }
    return try await client.execute(
      uri: "/api/push-actions", method: .post, headers: headers, body: ByteBuffer(string: body))
  }

  static func logBody(_ credential: String = log) -> String {
    #"{"credential":"\#(credential)","action":"log","drink":"Water","amountMl":250}"#
  }

  static func drinks(_ store: DrinkStore) throws -> Int { try store.entryCount() }

  @Test func aTapSentTwiceLogsOnce() async throws {
    let server = try InProcessServer()
    _ = try Self.remindedPhone(server.store)
    try await server.test { client in
      let first = try await Self.tap(client, Self.logBody())
      #expect(first.status == .created, "\(String(buffer: first.body))")
      let answer = try PushSubscriptionRouteTests.object(first)
      let entry = try #require(answer["entry"] as? [String: Any])
      #expect(entry["amount"] as? Double == 250 && entry["drink"] as? String == "Water")
      let again = try await Self.tap(client, Self.logBody())
      #expect(again.status == .created)
      #expect(again.headers[.init("Idempotent-Replayed")!] == "true")
      #expect(try Self.drinks(server.store) == 1)
      // Spent: another tap with the same credential logs nothing.
      let other = try await Self.tap(client, Self.logBody(), key: "tap-2")
      #expect(other.status == .unauthorized)
      #expect(other.headers[.contentType] == "application/problem+json")
      #expect(
        try PushSubscriptionRouteTests.object(other)["detail"] as? String
          == PushActionError.unusable.description)
      #expect(try Self.drinks(server.store) == 1)
    }
  }

  @Test func aCredentialWorksOnlyForItsOwnButton() async throws {
    let server = try InProcessServer()
    _ = try Self.remindedPhone(server.store)
    try await server.test { client in
      let crossed = try await Self.tap(
        client, #"{"credential":"\#(Self.log)","action":"snooze"}"#)
      #expect(crossed.status == .unauthorized)
      #expect(try server.store.reminderState().snoozedUntil == nil)
      // Not spent by the refusal: its own button still works.
      #expect(try await Self.tap(client, Self.logBody(), key: "tap-2").status == .created)
      let snoozed = try await Self.tap(
        client, #"{"credential":"\#(Self.snooze)","action":"snooze"}"#, key: "tap-3")
      #expect(snoozed.status == .ok)
      #expect(
        try PushSubscriptionRouteTests.object(snoozed)["snoozedUntil"] as? String
          == "2026-11-20T15:30:00+01:00")
      #expect(
        try server.store.reminderState().snoozedUntil
          == InProcessServer.now.addingTimeInterval(30 * 60))
    }
  }

  @Test func anUnknownExpiredOrStoppedCredentialLogsNothing() async throws {
    let seconds = Mutex(0.0)
    let server = try InProcessServer(clock: {
      InProcessServer.now.addingTimeInterval(seconds.withLock { $0 })
    })
    let phone = try Self.remindedPhone(server.store)
    try await server.test { client in
      #expect(
        try await Self.tap(client, Self.logBody("bm90LWEtY3JlZGVudGlhbA")).status == .unauthorized)
      seconds.withLock { $0 = 4 * 3600 + 1 }
      #expect(try await Self.tap(client, Self.logBody()).status == .unauthorized)
      seconds.withLock { $0 = 0 }
      _ = try server.store.removePushSubscription(id: phone.id)
      #expect(try await Self.tap(client, Self.logBody()).status == .unauthorized)
    }
    #expect(try Self.drinks(server.store) == 0)
  }

  @Test func aTapWithoutItsKeyOrTooLargeIsRefused() async throws {
    let server = try InProcessServer()
    _ = try Self.remindedPhone(server.store)
    try await server.test { client in
      let keyless = try await Self.tap(client, Self.logBody(), key: nil)
      #expect(keyless.status == .badRequest)
      #expect(String(buffer: keyless.body).contains("Idempotency-Key"))
      let large = try await Self.tap(
        client, #"{"credential":"\#(String(repeating: "a", count: 2000))","action":"log"}"#)
      #expect(large.status == .contentTooLarge)
      let unknown = try await Self.tap(
        client, #"{"credential":"\#(Self.log)","action":"delete"}"#)
      #expect(unknown.status == .unprocessableContent)
    }
    #expect(try Self.drinks(server.store) == 0)
  }
}
