import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusPush
import LiquidusUseCases
import Logging
import ServiceLifecycle

/// Pushes reminders to the subscribed phones while the server runs: each turn (a minute, unless
/// a test asks for less) it asks ``RemindPhones`` whether a reminder is due, on the same rules as
/// `remind tick`, and hands one message per phone to the ``PushSender``, which only queues: a
/// turn never waits for a push service.
struct PhoneReminders: Service {
  let runner: CallRunner
  let sender: PushSender
  let every: Duration
  let logger: Logger

  func run() async throws {
    await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        do {
          for (reminder, target) in try await turn() { sender.enqueue(reminder, to: target) }
        } catch {
          logger.error("Phone reminders: could not look for a reminder due: \(error)")
        }
        do { try await Task.sleep(for: every) } catch { return }
      }
    }
  }

  /// The messages of one turn: none unless phones are subscribed and a reminder is due.
  func turn() async throws -> [(PushReminder, PushTarget)] {
    try await runner.writing { call in
      guard
        case .remind(let state, let drink, let serving, let deliveries) =
          try RemindPhones().run(.init(), in: call)
      else { return [] }
      let unit = call.settings.displayUnit
      let text = DueText(state: state, context: call.calendar, unit: unit)
      let formatter = VolumeFormatter(unit: unit, locale: call.calendar.locale)
      return deliveries.compactMap { delivery in
        let phone = delivery.subscription
        guard let endpoint = URL(string: phone.endpoint),
          let keys = try? PushSubscriptionKeys(p256dh: Data(phone.p256dh), auth: Data(phone.auth))
        else { return nil }
        var credentials: PushReminder.ActionCredentials?
        if let log = delivery.logCredential, let snooze = delivery.snoozeCredential {
          credentials = .init(log: log, snooze: snooze)
        }
        let reminder = PushReminder(
          title: DueText.reminderTitle, body: text.reminderBody(formatter), drink: drink ?? "",
          amountMl: serving.milliliters, logTitle: "Log \(formatter.string(serving))",
          actionCredentials: credentials)
        return (reminder, PushTarget(id: phone.id, endpoint: endpoint, keys: keys))
      }
    }
  }
}

/// What the sender learns of a subscription, written to the database: a gone one is removed
/// (with its credentials), a reached one notes when.
struct StoredPushOutcomes: PushSubscriptionGone {
  let runner: CallRunner
  let logger: Logger

  func subscriptionGone(_ id: PushSubscription.ID) async {
    do {
      _ = try await runner.writing { call in try StopPush().run(.init(id: id), in: call) }
    } catch {
      logger.notice("Push subscription \(id) was gone already: \(error)")
    }
  }

  func subscriptionReached(_ id: PushSubscription.ID) async {
    try? await runner.writing { call in try call.store.notePushSent(id: id, at: call.calendar.now) }
  }
}
