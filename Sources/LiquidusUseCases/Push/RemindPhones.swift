import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusStore

/// What `liquidus serve` runs each minute while phones are subscribed: the same decision as
/// `remind tick` (``RemindNow``: quiet hours, snooze, pace, never under a daily limit), on the
/// phones' own channel, and for each phone the single-use credentials its notification's
/// buttons carry.
public struct RemindPhones: UseCase {
  public init() {}

  /// How long a notification's buttons work: as long as a push service keeps the reminder
  /// for a phone that is away.
  public static let actionLifetime: TimeInterval = 4 * 60 * 60
  /// How long "Snooze" holds the reminders.
  public static let snoozeLength = "30m"

  public struct Request: Sendable, Hashable {
    public init() {}
  }

  /// One phone to push to, with its buttons' credentials (nil when the reminder offers none).
  public struct Delivery: Sendable, Hashable {
    public var subscription: PushSubscription
    public var logCredential: String?
    public var snoozeCredential: String?
  }

  public enum View: Sendable {
    /// No phone is subscribed: nothing was looked at or remembered.
    case noPhones
    /// Phones are subscribed, and nothing is due on their channel: ``RemindNow``'s answer.
    case nothingDue(RemindNow.View)
    /// A reminder is due: the same as `remind tick` would show, for each phone.
    case remind(DueState, drink: String?, serving: Volume, deliveries: [Delivery])
  }

  public func run(_ request: Request, in context: CallContext) throws -> View {
    let now = context.calendar.now
    let phones = try context.store.pushSubscriptions(now: now)
    guard !phones.isEmpty else { return .noPhones }
    try context.store.notePushReminderSeen(at: now)
    let found = try RemindNow().run(.init(channel: .phones), in: context)
    guard case .remind(let state, _, _, let drink, let serving) = found else {
      return .nothingDue(found)
    }
    let expires = now.addingTimeInterval(Self.actionLifetime)
    let deliveries = try phones.map { phone in
      guard drink != nil else { return Delivery(subscription: phone) }
      return Delivery(
        subscription: phone,
        logCredential: try Self.credential(.log, for: phone, expires: expires, in: context),
        snoozeCredential: try Self.credential(.snooze, for: phone, expires: expires, in: context))
    }
    return .remind(state, drink: drink, serving: serving, deliveries: deliveries)
  }

  /// A new credential for `action`, kept by its digest only.
  private static func credential(
    _ action: PushAction, for phone: PushSubscription, expires: Date, in context: CallContext
  ) throws -> String {
    let credential = APIToken.newSecret()
    try context.store.keepPushAction(
      digest: PushAction.digest(of: credential), subscriptionID: phone.id, allows: action,
      expires: expires)
    return credential
  }
}

extension RemindPhones.Delivery {
  init(subscription: PushSubscription) {
    self.init(subscription: subscription, logCredential: nil, snoozeCredential: nil)
  }
}
