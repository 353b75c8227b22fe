import Foundation
import LiquidusModel
import LiquidusStore

/// Holds reminders for a while, or ends a snooze: `liquidus remind snooze 30m`, `snooze off`.
public struct SnoozeReminders: UseCase {
  public init() {}

  /// How long to hold them, as typed (`30m`, `2 hours`); `off` ends a snooze.
  public struct Request: Sendable, Hashable {
    public var length: String

    /// Creates a request.
    public init(length: String) {
      self.length = length
    }
  }

  /// Until when reminders are held; nil when a snooze was ended.
  /// - Throws: ``ReminderError`` for a length under a minute or over the longest interval.
  public func run(_ request: Request, in context: CallContext) throws -> Date? {
    if request.length.lowercased() == "off" {
      try context.store.setSnoozedUntil(nil)
      return nil
    }
    guard let length = ReminderInterval.parse(request.length), length >= .seconds(60) else {
      throw ReminderError.unreadableInterval(request.length)
    }
    guard length <= ReminderInterval.longest else {
      throw ReminderError.intervalTooLong(request.length)
    }
    let until = context.calendar.now.addingTimeInterval(length.timeInterval)
    try context.store.setSnoozedUntil(until)
    return until
  }
}
