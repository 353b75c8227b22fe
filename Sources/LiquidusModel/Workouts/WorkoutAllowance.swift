import Foundation

/// How much water a day's exercise adds to its goal: `amount` for every `minutes` of it,
/// in proportion (`250ml/30min` adds 375 mL for 45 minutes).
///
/// Sweat losses run from about 0.3 to 2 L an hour with heat and effort, so the rate is the
/// person's to choose; off unless they ask.
public struct WorkoutAllowance: Sendable, Hashable, Codable {
  /// The water added for each ``minutes`` of exercise.
  public var amount: Volume
  /// The minutes that earn ``amount``.
  public var minutes: Double

  /// Creates an allowance.
  public init(amount: Volume, minutes: Double) {
    self.amount = amount
    self.minutes = minutes
  }

  /// The most water an hour of exercise may add: the top of the range of sweat losses.
  public static let mostPerHour = Volume(milliliters: 2000)

  /// Whether the rate adds something, and at most ``mostPerHour``.
  public var isWithinBounds: Bool {
    guard amount.milliliters.isFinite, minutes.isFinite, amount.milliliters > 0, minutes > 0,
      minutes <= Workout.maximumMinutes
    else { return false }
    return amount.milliliters * 60 / minutes <= Self.mostPerHour.milliliters
  }

  /// The water `exercised` minutes add, to the whole millilitre.
  public func extra(forMinutes exercised: Double) -> Volume {
    guard minutes > 0, exercised > 0 else { return .zero }
    return Volume(milliliters: (amount.milliliters * exercised / minutes).rounded())
  }
}

/// A day's exercise, and the water it added to the day's goal.
public struct DayExercise: Sendable, Hashable, Codable {
  /// The minutes of every workout begun that day.
  public var minutes: Double
  /// Their activities, each once, in the order they began.
  public var activities: [String]
  /// The water added to the day's goal (zero until a goal with an allowance is applied).
  public var extra: Volume = .zero

  /// Creates a day's exercise.
  public init(minutes: Double, activities: [String], extra: Volume = .zero) {
    self.minutes = minutes
    self.activities = activities
    self.extra = extra
  }

  /// The day's exercise with `workout` added.
  public func adding(_ workout: Workout) -> DayExercise {
    var sum = self
    sum.minutes += workout.minutes
    if !sum.activities.contains(workout.activity) { sum.activities.append(workout.activity) }
    return sum
  }
}
