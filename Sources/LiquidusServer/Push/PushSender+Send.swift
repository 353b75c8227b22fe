import Foundation
import LiquidusPush

extension PushSender {
  /// One try of `message`, and what follows from its answer.
  func send(_ message: PushMessage) async {
    var message = message
    message.tries += 1
    let target = message.target
    let checked: PushEndpointCheck.Checked
    do {
      checked = try await check.check(target.endpoint)
    } catch .unresolved(let host) {
      return retry(message, after: nil, because: "\(host) does not resolve to any address")
    } catch {
      say(
        .warning,
        "Push reminder to subscription \(target.id) not sent: \(error). Remove that "
          + "subscription if it stays so.")
      return queue.finish()
    }
    let request: PushRequest
    do {
      // A retried message is sealed again (a fresh salt and key) and kept only for what is
      // left of its time to live.
      let left = configuration.timeToLive - (ContinuousClock.now - message.firstTry)
      request = try PushRequest(
        endpoint: target.endpoint, keys: target.keys, payload: message.reminder.encoded(),
        keyPair: keyPair, contact: configuration.contact, now: Date(),
        timeToLive: Int(max(.zero, left).components.seconds))
    } catch {
      say(.error, "Push reminder to subscription \(target.id) not sent: \(error)")
      return queue.finish()
    }
    let answer: PushAnswer
    do {
      answer = try await delivery.send(request, to: checked)
    } catch {
      if Task.isCancelled {
        say(
          .notice,
          "Push reminder to subscription \(target.id) cut off: the server is stopping.")
        return queue.finish()
      }
      return retry(message, after: nil, because: "no answer from \(checked.host): \(error)")
    }
    await handle(answer, for: message, from: checked.host)
  }

  private func handle(_ answer: PushAnswer, for message: PushMessage, from host: String) async {
    let id = message.target.id
    let said = answer.reason.isEmpty ? "" : " It said: \(answer.reason)"
    switch answer.outcome {
    case .delivered:
      say(.notice, "Push reminder delivered to subscription \(id) at \(host) (\(answer.status)).")
      await gone.subscriptionReached(id)
      queue.finish()
    case .gone:
      say(
        .notice,
        "Push subscription \(id) at \(host) is gone (\(answer.status)): the browser unsubscribed "
          + "or it expired. Removing it.")
      await gone.subscriptionGone(id)
      queue.finish()
    case .tryLater:
      retry(message, after: answer.retryAfter, because: "\(host) answered \(answer.status)")
    case .refused:
      say(
        .error,
        "Push reminder to subscription \(id) refused by \(host) with \(answer.status): the "
          + "push service does not take what this server sent (its VAPID key or token, a "
          + "header, the size). Not tried again.\(said)")
      queue.finish()
    }
  }

  /// Tries `message` again after the wait the service asked for, or a doubling one, unless it
  /// had its tries or the wait would bring it past its time to live.
  private func retry(_ message: PushMessage, after asked: Duration?, because reason: String) {
    let id = message.target.id
    let tries = configuration.maximumTries
    guard message.tries < tries else {
      say(
        .warning,
        "Push reminder to subscription \(id) given up after \(message.tries) tries: \(reason).")
      return queue.finish()
    }
    let doubling = configuration.firstRetryDelay * (1 << (message.tries - 1))
    let wait = min(asked ?? doubling, configuration.longestRetryDelay)
    var next = message
    next.notBefore = .now + wait
    guard next.notBefore < message.firstTry + configuration.timeToLive else {
      say(
        .warning,
        "Push reminder to subscription \(id) given up: \(reason), and waiting "
          + "\(Self.words(wait)) would bring it past its time to live.")
      return queue.finish()
    }
    say(
      .notice,
      "Push reminder to subscription \(id) not taken: \(reason). Trying again in "
        + "\(Self.words(wait)) (try \(message.tries + 1) of \(tries)).")
    if case .terminated = retries.inbox.yield(next) {
      say(.notice, "Push reminder to subscription \(id) not tried again: the server is stopping.")
      queue.finish()
    }
  }

  static func words(_ duration: Duration) -> String {
    let parts = duration.components
    if parts.seconds >= 1 { return "\(parts.seconds) s" }
    return "\(parts.attoseconds / 1_000_000_000_000_000) ms"
  }
}
