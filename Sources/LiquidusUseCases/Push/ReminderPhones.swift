import Foundation
import LiquidusModel
import LiquidusStore

/// How many phones a running server pushes reminders to now: `remind tick` leaves a reminder
/// to them rather than showing it on the desktop as well (unless asked). None when no phone is
/// subscribed, or when no server has looked for a reminder lately (it is not running).
public struct ReminderPhones: UseCase {
  public init() {}

  /// How recently a server must have looked: it looks each minute, so three minutes allow for
  /// a slow turn without trusting one that stopped.
  public static let freshness: TimeInterval = 3 * 60

  public struct Request: Sendable, Hashable {
    public init() {}
  }

  public func run(_ request: Request, in context: CallContext) throws -> Int {
    let now = context.calendar.now
    guard let seen = try context.store.reminderState().pushSeenAt,
      now.timeIntervalSince(seen) < Self.freshness, seen <= now.addingTimeInterval(60)
    else { return 0 }
    return try context.store.pushSubscriptions(now: now).count
  }
}
