import Foundation
import LiquidusModel
import LiquidusPush
import LiquidusStore
import LiquidusTestSupport
import LiquidusUseCases
import Logging
import ServiceLifecycle
import Testing

@testable import LiquidusServer

/// The server's turns of phone reminders, on a real database, sent by the real sender to the
/// loopback push receiver (which decrypts as a phone would): a due reminder reaches each phone
/// once, with its buttons' credentials kept by digest; quiet hours, a revoked token and a phone
/// the push service says is gone (410) each push nothing more. Friday 2026-11-20, 15:00 in
/// Berlin: nothing drunk yet, so a drink is due.
@Suite(.serialized) struct PhoneRemindersTests {
  /// The receiver, subscribed under the test token as a page would subscribe it.
  static func subscribe(_ service: LoopbackPushService, in store: DrinkStore) throws
    -> PushSubscription
  {
    let draft = try PushSubscriptionDraft(
      endpoint: service.subscription.endpoint, p256dh: service.subscription.keys.p256dh,
      auth: service.subscription.keys.auth, device: "Loopback phone",
      services: PushServices(allowsLoopback: true))
    let token = try #require(try store.tokenDigests().first?.0.id)
    return try store.keepPushSubscription(
      draft, for: PushOwner(tokenID: token), now: InProcessServer.now)
  }

  /// Runs `body` with the server's reminder turns feeding a running sender whose outcomes are
  /// written to the server's database, as `liquidus serve` runs them.
  static func withReminders(
    _ server: InProcessServer,
    _ body: (PhoneReminders, PushSender) async throws -> Void
  ) async throws {
    var configuration = PushSender.Configuration(contact: "mailto:owner@example.org")
    configuration.services = PushServices(allowsLoopback: true)
    let logger = Logger(label: "liquidus.push.test")
    let runner = server.server.runner
    let sender = try PushSender(
      configuration: configuration,
      keyPair: try VAPIDKeyPair.kept(in: server.store, now: InProcessServer.now),
      gone: StoredPushOutcomes(runner: runner, logger: logger), logger: logger)
    let reminders = PhoneReminders(
      runner: runner, sender: sender, every: .seconds(60), logger: logger)
    let group = ServiceGroup(configuration: .init(services: [sender], logger: logger))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await group.run() }
      do {
        try await body(reminders, sender)
      } catch {
        await group.triggerGracefulShutdown()
        throw error
      }
      await group.triggerGracefulShutdown()
      try await tasks.waitForAll()
    }
  }

  @Test func aDueReminderReachesThePhoneOnceWithItsButtons() async throws {
    let server = try InProcessServer()
    defer { try? FileManager.default.removeItem(at: server.folder) }
    let service = try LoopbackPushService()
    let phone = try Self.subscribe(service, in: server.store)
    try await Self.withReminders(server) { reminders, sender in
      let messages = try await reminders.turn()
      try #require(messages.count == 1)
      let (reminder, target) = messages[0]
      #expect(target.id == phone.id)
      #expect(reminder.title == "Time for a drink")
      #expect(reminder.body.hasPrefix("0 of 2,000 mL today (0%)"), "\(reminder.body)")
      #expect(reminder.drink == "Water" && reminder.amountMl == 250)
      #expect(reminder.logTitle == "Log 250 mL" && reminder.actions == ["log", "snooze"])
      let credentials = try #require(reminder.actionCredentials)
      #expect(credentials.log != credentials.snooze)
      // Kept by digest only, each for its own button.
      #expect(
        try server.store.pushActionGrant(
          digest: PushAction.digest(of: credentials.log), now: InProcessServer.now)?.action
          == .log)
      #expect(
        try server.store.pushActionGrant(
          digest: PushAction.digest(of: credentials.snooze), now: InProcessServer.now)?.action
          == .snooze)
      // One due drink, one push: the next turn finds it reminded.
      #expect(try await reminders.turn().isEmpty)
      sender.enqueue(reminder, to: target)
      let records = try await service.records(count: 1)
      #expect(records[0]["accepted"] as? Bool == true, "\(records[0])")
      #expect(
        records[0]["plaintext"] as? String
          == String(decoding: try reminder.encoded(), as: UTF8.self))
      try await Self.waitUntil {
        try server.store.pushSubscriptions(now: InProcessServer.now)
          .first?.lastSentAt != nil
      }
    }
    // The desktop's channel is its own: `remind tick --desktop-too` would still notify.
    let call = try CallContext.make(
      store: server.store, now: InProcessServer.now,
      timeZone: TimeZone(identifier: "Europe/Berlin")!,
      locale: Locale(identifier: "en_US"))
    guard case .remind = try await RemindNow().run(RemindNow.Request(), in: call) else {
      Issue.record("the phones' push took the desktop's reminder")
      return
    }
  }

  @Test func quietHoursPushNothingAndRememberNothing() async throws {
    // 07:00 in Berlin, before the reminders' hours begin at 08:00.
    let early = try Date("2026-11-20T06:00:00Z", strategy: .iso8601)
    let server = try InProcessServer(clock: { early })
    defer { try? FileManager.default.removeItem(at: server.folder) }
    let service = try LoopbackPushService()
    _ = try Self.subscribe(service, in: server.store)
    try await Self.withReminders(server) { reminders, _ in
      let messages = try await reminders.turn()
      #expect(messages.isEmpty)
    }
    #expect(try server.store.reminderState().pushedDueAt == nil)
    #expect(try service.records().isEmpty)
  }

  @Test func aRevokedTokensPhoneGetsNothing() async throws {
    let server = try InProcessServer()
    defer { try? FileManager.default.removeItem(at: server.folder) }
    let service = try LoopbackPushService()
    _ = try Self.subscribe(service, in: server.store)
    _ = try server.store.revokeToken(named: "phone")
    try await Self.withReminders(server) { reminders, _ in
      let messages = try await reminders.turn()
      #expect(messages.isEmpty)
    }
    // No phone: not even the server's visit is noted, so `remind tick` keeps the desktop's.
    #expect(try server.store.reminderState().pushSeenAt == nil)
    #expect(try server.store.reminderState().pushedDueAt == nil)
  }

  @Test func aPhoneThePushServiceSaysIsGoneIsRemoved() async throws {
    let server = try InProcessServer()
    defer { try? FileManager.default.removeItem(at: server.folder) }
    let service = try LoopbackPushService()
    try service.answerNext([(410, nil)])
    _ = try Self.subscribe(service, in: server.store)
    try await Self.withReminders(server) { reminders, sender in
      for (reminder, target) in try await reminders.turn() { sender.enqueue(reminder, to: target) }
      try await Self.waitUntil {
        try server.store.pushSubscriptions(now: InProcessServer.now).isEmpty
      }
      #expect(try service.records().count == 1)
    }
  }

  /// Waits (at most five minutes, beside the whole suite) until `condition` holds.
  static func waitUntil(_ condition: () throws -> Bool) async throws {
    let held = try await waitPatiently(
      upTo: .seconds(300), every: .milliseconds(20), until: condition)
    try #require(held, "the condition never held")
  }
}
