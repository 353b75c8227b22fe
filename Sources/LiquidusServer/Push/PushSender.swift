import Foundation
import LiquidusPush
import Logging
import NIOSSL
import ServiceLifecycle

/// Sends reminders to phones through their browsers' push services (RFC 8030), each encrypted
/// for its subscription and signed with the server's VAPID key (``PushRequest``).
///
/// A service of the server's group: ``enqueue(_:to:)`` only queues (a request that schedules a
/// reminder never waits for a push service), and ``run()`` sends, a few at once, until the
/// server shuts down gracefully, when it takes no more, drops what is queued or waiting for a
/// retry, and lets the sends in flight finish within the group's deadline.
///
/// Every outcome is logged in plain words: delivered; gone (404, 410: ``PushSubscriptionGone``
/// hears of it); tried again later (429, 5xx, no connection: up to
/// ``Configuration/maximumTries`` tries, honouring `Retry-After`, within the reminder's time to
/// live) and then given up; refused for a fault of ours (400, 401, 403, 413), not retried; or
/// not sent at all because the endpoint is not one the server sends to (``PushEndpointCheck``).
public final class PushSender: Service, Sendable {
  let configuration: Configuration
  let keyPair: VAPIDKeyPair
  let gone: any PushSubscriptionGone
  let logger: Logger
  let check: PushEndpointCheck
  let delivery: PushDelivery
  let queue: PushQueue<PushMessage>
  let retries: (stream: AsyncStream<PushMessage>, inbox: AsyncStream<PushMessage>.Continuation)

  /// A sender signing with `keyPair`, telling `gone` of subscriptions that no longer exist.
  /// - Throws: ``PushAuthorityFileError`` when ``Configuration/authorityFile`` cannot be read.
  public init(
    configuration: Configuration, keyPair: VAPIDKeyPair, gone: any PushSubscriptionGone,
    logger: Logger
  ) throws {
    self.configuration = configuration
    self.keyPair = keyPair
    self.gone = gone
    self.logger = logger
    check = PushEndpointCheck(services: configuration.services)
    delivery = PushDelivery(
      authorities: try configuration.authorityFile.map(PushAuthorityFileError.load) ?? [],
      connectTimeout: configuration.connectTimeout, requestTimeout: configuration.requestTimeout,
      answerLimit: configuration.answerLimit)
    queue = PushQueue(capacity: configuration.queueLimit)
    let made = AsyncStream.makeStream(of: PushMessage.self)
    retries = (made.stream, made.continuation)
  }

  /// Queues `reminder` for `target`; false (and logged) when the queue is full or the server
  /// is stopping. Never waits.
  @discardableResult
  public func enqueue(_ reminder: PushReminder, to target: PushTarget) -> Bool {
    let message = PushMessage(
      target: target, reminder: reminder, firstTry: .now, tries: 0)
    guard queue.offer(message) else {
      say(
        .warning,
        "Push reminder to subscription \(target.id) not queued: \(configuration.queueLimit) are "
          + "already waiting, or the server is stopping.")
      return false
    }
    return true
  }

  /// Logs one outcome, in words made of several parts.
  func say(_ level: Logger.Level, _ words: String) {
    logger.log(level: level, "\(words)")
  }

  /// Sends until the server's graceful shutdown.
  public func run() async throws {
    let retries = retries
    await withGracefulShutdownHandler {
      await withDiscardingTaskGroup { group in
        for _ in 0..<max(1, configuration.concurrentSends) {
          group.addTask {
            while let message = await self.queue.next() { await self.send(message) }
          }
        }
        group.addTask { await self.waitForRetries(retries.stream) }
      }
    } onGracefulShutdown: {
      let dropped = self.queue.close()
      retries.inbox.finish()
      if dropped > 0 {
        self.say(.notice, "\(dropped) push reminders not sent: the server is stopping.")
      }
    }
  }

  /// Each message waiting to be tried again sleeps in its own task, holding no sending slot.
  private func waitForRetries(_ stream: AsyncStream<PushMessage>) async {
    await withDiscardingTaskGroup { sleepers in
      for await message in stream {
        sleepers.addTask {
          do {
            try await Task.sleep(until: message.notBefore, clock: .continuous)
          } catch {
            self.queue.finish()
            self.say(
              .notice,
              "Push reminder to subscription \(message.target.id) not tried again: the server "
                + "is stopping.")
            return
          }
          if !self.queue.requeue(message) {
            self.say(
              .notice,
              "Push reminder to subscription \(message.target.id) not tried again: the server "
                + "is stopping.")
          }
        }
      }
      // Shutdown: the waits end now, not when their time comes.
      sleepers.cancelAll()
    }
  }
}

/// One reminder for one subscription, and how its tries went so far.
struct PushMessage: Sendable {
  var target: PushTarget
  var reminder: PushReminder
  var firstTry: ContinuousClock.Instant
  var tries: Int
  var notBefore: ContinuousClock.Instant = .now
}

/// The `--push-ca-file` that cannot be read as PEM certificates.
public struct PushAuthorityFileError: Error, CustomStringConvertible, Sendable {
  public let path: String
  public let reason: String

  static func load(_ path: String) throws -> [NIOSSLCertificate] {
    do {
      let certificates = try NIOSSLCertificate.fromPEMFile(path)
      guard !certificates.isEmpty else {
        throw PushAuthorityFileError(path: path, reason: "it holds no certificate")
      }
      return certificates
    } catch let error as PushAuthorityFileError {
      throw error
    } catch {
      throw PushAuthorityFileError(path: path, reason: "\(error)")
    }
  }

  public var description: String {
    "Cannot read the push certificate authorities in \(path): \(reason). Give a PEM file of "
      + "CA certificates (-----BEGIN CERTIFICATE-----)."
  }
}
