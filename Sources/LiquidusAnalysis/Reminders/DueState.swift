import Foundation
import LiquidusModel

/// When the next drink is due and why: what `liquidus due` prints and `remind tick` acts on.
public struct DueState: Sendable, Equatable {
  /// The last drink of the day, what the next reminder is counted from.
  public struct LastDrink: Sendable, Equatable {
    public var instant: Date
    public var volume: Volume
    public var drinkName: String
  }

  /// Why the next drink is due when it is.
  public enum Reason: Sendable, Equatable {
    /// The longest wait after the last drink (or after the window's start).
    case longestWait
    /// The shortest wait, because intake is behind pace.
    case behindPace
    /// The moment intake falls behind pace, between the shortest and the longest wait.
    case fallingBehind
    /// The next slot of the fixed schedule.
    case fixedSlot
    /// Snoozed until then.
    case snoozed
    /// Nothing is due: the goal is reached.
    case goalMet
    /// Nothing more is due before the waking window ends.
    case windowEnds
  }

  public var now: Date
  /// The waking window holding `now`, or the next one when `now` is in quiet hours.
  public var window: DateInterval
  /// `now` is outside the waking window.
  public var quiet: Bool
  public var lastDrink: LastDrink?
  /// nil when nothing is due before the window ends, or the goal is reached.
  public var nextDueAt: Date?
  public var reason: Reason
  /// The day's intake so far (its drinks up to `now`).
  public var intake: Volume
  /// The goal times the part of the window gone by: where the pace says intake should be.
  public var expected: Volume
  public var goal: Volume
  public var snoozedUntil: Date?
  public var settings: ReminderSettings

  /// Expected minus intake; negative when ahead.
  public var behind: Volume { Volume(milliliters: expected.milliliters - intake.milliliters) }
  public var goalMet: Bool { intake >= goal }

  /// A drink is due now (and reminding is allowed: in the window, reminders on).
  public var isDue: Bool {
    guard let nextDueAt, !quiet, settings.isEnabled else { return false }
    return nextDueAt <= now
  }

  /// Whole minutes since the drink fell due; 0 when it is not yet due.
  public var overdueMinutes: Int {
    guard let nextDueAt, nextDueAt <= now, !quiet else { return 0 }
    return Int(now.timeIntervalSince(nextDueAt) / 60)
  }
}
