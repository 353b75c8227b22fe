import Foundation
import LiquidusPush
import LiquidusTestSupport
import Testing

@testable import LiquidusServer

/// The sender's limits and its end, without a push service.
@Suite struct PushSenderQueueTests {
  @Test func aFullQueueRefusesMore() throws {
    let log = LogLines()
    var configuration = PushSender.Configuration(contact: RunningSender.contact)
    configuration.queueLimit = 2
    let sender = try PushSender(
      configuration: configuration, keyPair: .generate(), gone: GoneSubscriptions(),
      logger: log.logger)
    let target = PushTarget(
      id: 1, endpoint: URL(string: "https://push.example.org/x")!,
      keys: try PushSubscriptionKeys(
        p256dh: Data([4]) + P256Point.sample, auth: Data(repeating: 1, count: 16)))
    let queued = (0..<3).map { _ in sender.enqueue(RunningSender.reminder, to: target) }
    #expect(queued == [true, true, false])
    #expect(log.text.contains("Push reminder to subscription 1 not queued: 2 are already waiting"))
  }

  /// A message waiting for its next try does not hold up the server's shutdown.
  @Test func aGracefulShutdownEndsTheWaitsForRetries() async throws {
    let service = try LoopbackPushService()
    try service.answerNext([(503, nil)])
    var ran: RunningSender?
    var waiting = ContinuousClock.now
    try await RunningSender.with({
      $0.firstRetryDelay = .seconds(3600)
      $0.longestRetryDelay = .seconds(3600)
    }) { running in
      ran = running
      let target = try RunningSender.target(service)
      running.sender.enqueue(RunningSender.reminder, to: target)
      _ = try await service.records(count: 1)
      // The answer is in; the sender logs its retry right after.
      _ = try await waitPatiently(upTo: .seconds(300), every: .milliseconds(20)) {
        running.log.text.contains("Trying again in 3600 s")
      }
      #expect(running.log.text.contains("Trying again in 3600 s"), "\(running.log.text)")
      waiting = ContinuousClock.now
    }
    // An hour's wait ended with the shutdown, not after it. Half an hour leaves room for a
    // machine so busy that the tests wait minutes for a thread (CI has seen seven).
    #expect(ContinuousClock.now - waiting < .seconds(1800))
    let after = try #require(ran)
    #expect(after.log.text.contains("not tried again: the server is stopping"), "\(after.log.text)")
    #expect(after.sender.queue.outstanding == 0)
  }

  @Test func aReminderIsTheDocumentedJSON() throws {
    let json = String(decoding: try RunningSender.reminder.encoded(), as: UTF8.self)
    #expect(
      json
        == #"{"actionCredentials":{"log":"bG9nLW9uY2U","snooze":"c25vb3plLW9uY2U"},"#
        + #""actionURL":"/api/push-actions","actions":["log","snooze"],"amountMl":250,"#
        + #""body":"350 mL to go by 18:00","drink":"Water","logTitle":"Log 250 mL","#
        + #""snoozeTitle":"Snooze 30 min","tag":"liquidus-reminder","title":"Time for a drink"}"#)
    var long = RunningSender.reminder
    long.body = String(repeating: "a", count: 4000)
    #expect(throws: PushReminderTooLarge.self) { try long.encoded() }
  }

  @Test(arguments: [
    ("7", Duration.seconds(7)), (" 120 ", .seconds(120)),
    ("Fri, 27 Nov 2026 12:00:30 GMT", .seconds(30)),
    ("Fri, 27 Nov 2026 11:00:00 GMT", nil), ("soon", nil), ("-3", nil),
  ])
  func retryAfterReadsSecondsAndDates(value: String, wait: Duration?) {
    let now = ISO8601DateFormatter().date(from: "2026-11-27T12:00:00Z")!
    #expect(PushAnswer.retryAfter(value, now: now) == wait)
  }
}

/// A point on P-256 (its generator, uncompressed, without the 0x04).
enum P256Point {
  static let sample = Data(
    [
      0x6B, 0x17, 0xD1, 0xF2, 0xE1, 0x2C, 0x42, 0x47, 0xF8, 0xBC, 0xE6, 0xE5, 0x63, 0xA4, 0x40,
      0xF2, 0x77, 0x03, 0x7D, 0x81, 0x2D, 0xEB, 0x33, 0xA0, 0xF4, 0xA1, 0x39, 0x45, 0xD8, 0x98,
      0xC2, 0x96, 0x4F, 0xE3, 0x42, 0xE2, 0xFE, 0x1A, 0x7F, 0x9B, 0x8E, 0xE7, 0xEB, 0x4A, 0x7C,
      0x0F, 0x9E, 0x16, 0x2B, 0xCE, 0x33, 0x57, 0x6B, 0x31, 0x5E, 0xCE, 0xCB, 0xB6, 0x40, 0x68,
      0x37, 0xBF, 0x51, 0xF5,
    ])
}
