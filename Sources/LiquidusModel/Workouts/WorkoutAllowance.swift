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
    // At least a millilitre for at least a minute: less shows as "0 mL" or "0 min".
    guard amount.milliliters.isFinite, minutes.isFinite, amount.milliliters >= 1,
      Workout.isPlausible(minutes: minutes)
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

  /// The exercise of a day's `workouts`: the minutes of their union, so that one run recorded
  /// by two apps (a watch's and a running app's, both in one Health export) counts once; the
  /// activities each once whatever their case, in the order they began.
  public init(of workouts: [Workout]) {
    var minutes = 0.0
    var activities: [String] = []
    var runEnd = Date.distantPast
    for workout in workouts.sorted(by: { $0.start < $1.start }) {
      let end = workout.start.addingTimeInterval(workout.minutes * 60)
      if end > runEnd {
        minutes += end.timeIntervalSince(max(workout.start, runEnd)) / 60
        runEnd = end
      }
      if !activities.contains(where: { $0.caseInsensitiveCompare(workout.activity) == .orderedSame }
      ) {
        activities.append(workout.activity)
      }
    }
    self.init(minutes: minutes, activities: activities)
  }
}
