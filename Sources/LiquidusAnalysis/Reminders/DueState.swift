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
  /// Whether today's amount is a goal or a limit; under a limit `intake` is the whole volume.
  public var goalKind: GoalKind = .goal

  /// The goal reached, or the limit kept so far.
  public var goalMet: Bool { goalKind == .limit ? intake <= goal : intake >= goal }

  /// A drink is due now (and reminding is allowed: in the window, reminders on). Never under a
  /// limit: nothing pushes a person whose doctor limits their fluids to drink more.
  public var isDue: Bool {
    guard goalKind == .goal else { return false }
    return isScheduleDue
  }

  /// The schedule's slot has come (in the window, reminders on), whatever the goal's kind.
  public var isScheduleDue: Bool {
    guard let nextDueAt, !quiet, settings.isEnabled else { return false }
    return nextDueAt <= now
  }

  /// Under a limit: what is left today, spread over what remains of the waking window.
  public struct Spread: Sendable, Equatable {
    /// What is left within the limit; negative past it.
    public var left: Volume
    /// The end of the waking window.
    public var until: Date
    /// About how much an hour until then; nil when the window has ended or nothing is left.
    public var perHour: Volume?
  }

  /// What is left within the limit and about how much an hour that allows; nil for a goal.
  public var spread: Spread? {
    guard goalKind == .limit else { return nil }
    let left = goal.milliliters - intake.milliliters
    let hours = window.end.timeIntervalSince(max(now, window.start)) / 3600
    return Spread(
      left: Volume(milliliters: left), until: window.end,
      perHour: hours > 0 && left > 0 ? Volume(milliliters: left / hours) : nil)
  }

  /// Under a limit with spread reminders: the schedule's slot has come and something is left.
  public var isSpreadDue: Bool {
    guard let spread, spread.left.milliliters > 0 else { return false }
    return isScheduleDue
  }

  /// Whole minutes since the drink fell due; 0 when it is not yet due.
  public var overdueMinutes: Int {
    guard let nextDueAt, nextDueAt <= now, !quiet else { return 0 }
    return Int(now.timeIntervalSince(nextDueAt) / 60)
  }
}
