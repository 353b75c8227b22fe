import Foundation
import LiquidusModel
import LiquidusPush
import Testing

@testable import LiquidusServer

/// The sender against the loopback push receiver (Tests/PushReceiver), which decrypts and
/// checks what it is sent as a browser's push service and browser would, and answers what a
/// test asks for. Serialized: several of them wait on real time (`Retry-After`).
@Suite(.serialized) struct PushSenderTests {
  typealias Sender = RunningSender

  @Test func aReminderIsDeliveredAndDecryptsToItsExactJSON() async throws {
    let service = try LoopbackPushService()
    try await Sender.with { running in
      let target = try Sender.target(service)
      let enqueued = ContinuousClock.now
      #expect(running.sender.enqueue(Sender.reminder, to: target))
      try await running.idle()
      // The TTL is what is left of four hours when the message is sealed; the test measures
      // its own wait, since a busy machine may hold the send back for minutes.
      let waited = Int((ContinuousClock.now - enqueued).components.seconds) + 1
      let records = try service.records()
      try #require(records.count == 1, "\(running.log.text)")
      #expect(records[0]["accepted"] as? Bool == true, "\(records[0])")
      let sent = String(decoding: try Sender.reminder.encoded(), as: UTF8.self)
      #expect(records[0]["plaintext"] as? String == sent)
      let claims = (records[0]["jwt"] as? [String: Any])?["claims"] as? [String: Any]
      #expect(claims?["sub"] as? String == Sender.contact)
      #expect(
        (records[0]["jwt"] as? [String: Any])?["k"] as? String
          == running.keyPair.publicKeyBase64URL)
      let ttl = Int((records[0]["headers"] as? [String: String])?["TTL"] ?? "") ?? -1
      #expect((14_400 - waited...14_400).contains(ttl), "TTL \(ttl) after \(waited) s")
      #expect(
        running.log.text.contains("Push reminder delivered to subscription 7 at 127.0.0.1 (201)"))
      #expect(await running.gone.ids.isEmpty)
    }
  }

  @Test func aGoneSubscriptionIsReportedOnceAndNotTriedAgain() async throws {
    let service = try LoopbackPushService()
    try service.answerNext([(410, nil)])
    try await Sender.with { running in
      let target = try Sender.target(service, id: 42)
      running.sender.enqueue(Sender.reminder, to: target)
      try await running.idle()
      #expect(await running.gone.ids == [42])
      #expect(try service.records().count == 1, "\(running.log.text)")
      #expect(running.log.text.contains("Push subscription 42 at 127.0.0.1 is gone (410)"))
    }
  }

  @Test func aBusyServiceIsTriedAgainAfterItsRetryAfter() async throws {
    let service = try LoopbackPushService()
    try service.answerNext([(429, 1)])
    // Its own wait would be half a minute: only Retry-After brings the second try sooner.
    try await Sender.with({ $0.firstRetryDelay = .seconds(30) }) { running in
      let target = try Sender.target(service)
      running.sender.enqueue(Sender.reminder, to: target)
      let records = try await service.records(count: 2, within: .seconds(20))
      try #require(records.count == 2, "\(running.log.text)")
      #expect(records.map { $0["status"] as? Int } == [429, 201])
      let first = try #require(records[0]["receivedAt"] as? Double)
      let second = try #require(records[1]["receivedAt"] as? Double)
      #expect(second - first >= 1.0, "tried again after \(second - first) s")
      try await running.idle()
      #expect(running.log.text.contains("127.0.0.1 answered 429. Trying again in 1 s (try 2 of 3)"))
      #expect(running.log.text.contains("delivered to subscription 7"))
    }
  }

  @Test func aFailingServiceIsGivenUpAfterThreeTries() async throws {
    let service = try LoopbackPushService()
    // A fourth try would be taken: the sender must stop at three.
    try service.answerNext([(500, nil), (500, nil), (500, nil)])
    try await Sender.with { running in
      let target = try Sender.target(service)
      running.sender.enqueue(Sender.reminder, to: target)
      try await running.idle()
      #expect(try service.records().map { $0["status"] as? Int } == [500, 500, 500])
      #expect(running.log.text.contains("given up after 3 tries: 127.0.0.1 answered 500"))
      #expect(await running.gone.ids.isEmpty)
    }
  }

  @Test func aRefusalOfOursIsNotTriedAgain() async throws {
    let service = try LoopbackPushService()
    try service.answerNext([(403, nil)])
    try await Sender.with { running in
      let target = try Sender.target(service)
      running.sender.enqueue(Sender.reminder, to: target)
      try await running.idle()
      #expect(try service.records().count == 1)
      #expect(running.log.text.contains("refused by 127.0.0.1 with 403"), "\(running.log.text)")
    }
  }

  /// A host name that resolves to this machine, over HTTPS the sender trusts: only the address
  /// check stands between it and a delivery the receiver would record.
  @Test func anEndpointThatResolvesToLoopbackIsRefusedBeforeAnyConnection() async throws {
    let service = try LoopbackPushService(tls: true)
    let path = service.endpoint.path
    let endpoint = try #require(URL(string: "https://localhost:\(service.port)\(path)"))
    try await Sender.with({
      // Named as a push service, so only what it resolves to refuses it.
      $0.services = PushServices(added: ["localhost"])
      $0.authorityFile = service.authority?.path
    }) { running in
      let target = try Sender.target(service, endpoint: endpoint)
      running.sender.enqueue(Sender.reminder, to: target)
      try await running.idle()
      #expect(try service.records().isEmpty)
      #expect(
        running.log.text.contains("its endpoint's host localhost is ")
          && running.log.text.contains("this machine, where the server sends no push"),
        "\(running.log.text)")
    }
  }

  /// Reachable and trusted, but not on the list of push services.
  @Test func anEndpointOffThePushServicesIsRefused() async throws {
    let service = try LoopbackPushService(tls: true)
    let path = service.endpoint.path
    let endpoint = try #require(URL(string: "https://push.example.invalid:\(service.port)\(path)"))
    try await Sender.with({
      $0.services = PushServices()
      $0.authorityFile = service.authority?.path
    }) { running in
      let target = try Sender.target(service, endpoint: endpoint)
      running.sender.enqueue(Sender.reminder, to: target)
      try await running.idle()
      #expect(try service.records().isEmpty)
      #expect(
        running.log.text.contains("push.example.invalid is not a push service browsers use"),
        "\(running.log.text)")
    }
  }

  @Test func plainHTTPIsRefusedWithoutTheLoopbackAllowance() async throws {
    let service = try LoopbackPushService()
    try await Sender.with({ $0.services.allowsLoopback = false }) { running in
      let target = try Sender.target(service)
      running.sender.enqueue(Sender.reminder, to: target)
      try await running.idle()
      #expect(try service.records().isEmpty)
      #expect(running.log.text.contains("its endpoint is http://"), "\(running.log.text)")
    }
  }

  @Test(arguments: [true, false])
  func aTLSServiceIsTrustedThroughTheAuthorityOption(trusted: Bool) async throws {
    let service = try LoopbackPushService(tls: true)
    try await Sender.with({
      if trusted { $0.authorityFile = service.authority?.path }
      // AsyncHTTPClient tries a refused handshake again until the connect timeout.
      $0.connectTimeout = .seconds(3)
    }) {
      running in
      let target = try Sender.target(service)
      running.sender.enqueue(Sender.reminder, to: target)
      try await running.idle()
      let records = try service.records()
      if trusted {
        #expect(records.map { $0["accepted"] as? Bool } == [true], "\(running.log.text)")
        #expect(running.log.text.contains("delivered to subscription 7"))
      } else {
        #expect(records.isEmpty)
        #expect(running.log.text.contains("given up after 3 tries: no answer from 127.0.0.1"))
      }
    }
  }
}
