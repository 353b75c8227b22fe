import Foundation
import LiquidusAnalysis
import LiquidusModel

extension DaySnapshot {
  /// The shape `status --format json` prints, for status bars and scripts.
  public struct JSON: Codable, Sendable, Equatable {
    public var date: String
    public var unit: String
    public var total: Double
    public var goal: Double
    /// `goal` (a minimum to reach) or `limit` (a maximum to stay within).
    public var goalKind: String
    public var percent: Int
    public var goalMet: Bool
    public var remaining: Double
    public var byType: [TypeTotal]
    /// What counts toward the goal: volume times each type's hydration factor.
    public var hydration: Double
    public var caffeineTodayMg: Double
    public var caffeineInBodyMg: Double
    /// The day's exercise and the water it added to `goal` (included in it); absent unless a
    /// goal with `--per-workout` raised the day's.
    public var exercise: Exercise? = nil

    /// A day's exercise: its minutes, its activities and the millilitres added to the goal.
    public struct Exercise: Codable, Sendable, Equatable {
      public var minutes: Double
      public var activities: [String]
      public var extra: Double
    }

    /// One drink type's total.
    public struct TypeTotal: Codable, Sendable, Equatable {
      public var type: String
      public var total: Double
    }
  }

  /// This snapshot in the JSON shape, amounts in millilitres to 0.01 mL (`locale` is kept for
  /// callers; machine formats do not depend on it).
  public func json(locale: Locale) -> JSON {
    let formatter = MachineVolume()
    return JSON(
      date: ClockText.localDate(day.interval.start, calendar: day.context.calendar),
      unit: MachineVolume.unit, total: formatter.value(total),
      goal: formatter.value(goal), goalKind: target.kind.rawValue,
      percent: Percent.value(counted.milliliters, of: goal.milliliters),
      goalMet: goalMet, remaining: formatter.value(remaining),
      byType: byType.map { JSON.TypeTotal(type: $0.type.name, total: formatter.value($0.total)) },
      hydration: formatter.value(hydration), caffeineTodayMg: CaffeineText.value(caffeineToday),
      caffeineInBodyMg: CaffeineText.value(caffeineInBody),
      exercise: target.exercise.flatMap { exercise in
        exercise.extra.milliliters > 0
          ? JSON.Exercise(
            minutes: exercise.minutes, activities: exercise.activities,
            extra: formatter.value(exercise.extra)) : nil
      })
  }
}
