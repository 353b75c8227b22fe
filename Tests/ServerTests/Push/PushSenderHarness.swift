import Foundation
import LiquidusModel
import LiquidusPush
import LiquidusTestSupport
import Logging
import ServiceLifecycle
import Synchronization
import Testing

@testable import LiquidusServer

/// What keeps subscriptions, as far as the sender sees it: the ids it was told are gone.
actor GoneSubscriptions: PushSubscriptionGone {
  private(set) var ids: [PushSubscription.ID] = []

  func subscriptionGone(_ id: PushSubscription.ID) {
    ids.append(id)
  }
}

/// The sender's log, line by line, for the tests to read its outcomes in.
final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])

  var all: [String] { lines.withLock { $0 } }
  var text: String { all.joined(separator: "\n") }

  func append(_ line: String) {
    lines.withLock { $0.append(line) }
  }

  var logger: Logger {
    Logger(label: "liquidus.push.test") { _ in Handler(lines: self) }
  }

  struct Handler: LogHandler {
    let lines: LogLines
    var logLevel = Logger.Level.trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      lines.append("\(event.level): \(event.message)")
    }
  }
}

/// A sender running in a service group, as the server runs it, for one test.
struct RunningSender {
  static let contact = "mailto:owner@example.org"

  let sender: PushSender
  let gone: GoneSubscriptions
  let log: LogLines
  let keyPair: VAPIDKeyPair

  /// Runs `body` with a sender (given `configure`'s changes to a test configuration that
  /// allows loopback and waits little between tries), then shuts the group down gracefully.
  static func with(
    _ configure: (inout PushSender.Configuration) -> Void = { _ in },
    _ body: (RunningSender) async throws -> Void
  ) async throws {
    var configuration = PushSender.Configuration(contact: contact)
    configuration.services = PushServices(allowsLoopback: true)
    configuration.firstRetryDelay = .milliseconds(50)
    configure(&configuration)
    let log = LogLines()
    let gone = GoneSubscriptions()
    let keyPair = VAPIDKeyPair.generate()
    let sender = try PushSender(
      configuration: configuration, keyPair: keyPair, gone: gone, logger: log.logger)
    let group = ServiceGroup(
      configuration: .init(services: [sender], logger: Logger(label: "liquidus.push.group")))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await group.run() }
      do {
        try await body(RunningSender(sender: sender, gone: gone, log: log, keyPair: keyPair))
      } catch {
        await group.triggerGracefulShutdown()
        throw error
      }
      await group.triggerGracefulShutdown()
      try await tasks.waitForAll()
    }
  }

  /// Waits (at most `limit`) until every message queued is finished: sent, gone, given up or
  /// refused. Generous: beside the whole suite, tests that block the cooperative threads while
  /// they wait for a process hold the sender's tasks up for minutes.
  func idle(within limit: Duration = .seconds(300)) async throws {
    let idle = try await waitPatiently(upTo: limit, every: .milliseconds(20)) {
      sender.queue.outstanding == 0
    }
    try #require(idle, "still sending after \(limit):\n\(log.text)")
  }

  /// The receiver's subscription as the storage side would hand it over.
  static func target(
    _ service: LoopbackPushService, id: PushSubscription.ID = 7, endpoint: URL? = nil
  )
    throws -> PushTarget
  {
    PushTarget(
      id: id, endpoint: endpoint ?? service.endpoint,
      keys: try PushSubscriptionKeys(
        p256dh: service.subscription.keys.p256dh, auth: service.subscription.keys.auth))
  }

  static let reminder = PushReminder(
    title: "Time for a drink", body: "350 mL to go by 18:00", drink: "Water", amountMl: 250,
    logTitle: "Log 250 mL",
    actionCredentials: .init(log: "bG9nLW9uY2U", snooze: "c25vb3plLW9uY2U"))
}
