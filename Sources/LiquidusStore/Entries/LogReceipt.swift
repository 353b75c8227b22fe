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

  /// What counts against the day's target: under a limit every drink whole, toward a goal
  /// each drink times its hydration factor. The command line's line and the API's `day` both
  /// read these figures, so they cannot disagree.
  public var counted: Volume {
    goalKind == .limit ? dayTotal : dayHydration
  }

  /// What is left to drink toward the goal (0 once reached), or within the limit (below 0 when
  /// the day is over it).
  public var remaining: Volume {
    let left = goal.milliliters - counted.milliliters
    return Volume(milliliters: goalKind == .limit ? left : max(0, left))
  }

  /// The goal is reached, or the day is still within its limit.
  public var goalMet: Bool {
    goalKind == .limit ? counted <= goal : counted >= goal
  }

  /// This entry took the day over the caffeine limit.
  public var crossedCaffeineLimit: Bool {
    drink.caffeine > 0 && dayCaffeine > settings.caffeineLimitMg
      && dayCaffeine - drink.caffeine <= settings.caffeineLimitMg
  }
}
