import Foundation
import LiquidusModel

/// What `log` did: the stored entry, its type, and its day's total against the goal.
public struct LogReceipt: Sendable, Hashable {
  /// The stored entry, with its id.
  public var drink: Drink
  /// The entry's type.
  public var type: DrinkType
  /// The local day the entry falls in.
  public var day: DateInterval
  /// The day's total including this entry.
  public var dayTotal: Volume
  /// The settings in force (goal and unit).
  public var settings: Settings
  /// The goal of the entry's day; the newest goal until the journal, which knows the calendar,
  /// sets the day's own.
  public var goal: Volume
  /// The serving the amount came from, as said (`1 mug`, `2 glasses`); nil for an amount.
  public var serving: String?
  /// Whether the day's goal is a minimum or a limit.
  public var goalKind: GoalKind = .goal
  /// The day's exercise and the water it added to ``goal``, when a goal counts it.
  public var exercise: DayExercise? = nil

  /// The day's goal or limit, with its exercise, as one target.
  public var target: DailyTarget {
    var target = DailyTarget(amount: goal, kind: goalKind)
    target.exercise = exercise
    return target
  }
  /// The day's caffeine in mg including this entry: its drinks' and imported caffeine records'.
  public var dayCaffeine: Double = 0
  /// What counts toward the goal that day: each type's volume times its hydration factor.
  public var dayHydration: Volume = .zero

  /// This entry took the day over the caffeine limit.
  public var crossedCaffeineLimit: Bool {
    drink.caffeine > 0 && dayCaffeine > settings.caffeineLimitMg
      && dayCaffeine - drink.caffeine <= settings.caffeineLimitMg
  }
}
