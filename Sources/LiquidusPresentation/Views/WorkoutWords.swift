import Foundation
import LiquidusModel

/// Exercise in the words every view uses for it: `60 min of running`, and a goal it raised as
/// `2,000 + 500 mL for 60 min of running`.
public enum WorkoutWords {
  /// `45 min`, to the whole minute.
  public static func minutes(_ minutes: Double) -> String {
    "\(WholeNumber.of(minutes.rounded())) min"
  }

  /// `60 min of running`, `90 min of running and cycling`, `30 min of exercise`.
  public static func exercise(_ exercise: DayExercise) -> String {
    var named = exercise.activities.filter { $0 != Workout.unnamedActivity }
    // Minutes of unnamed workouts are not the named activity's.
    if !named.isEmpty && named.count < exercise.activities.count { named.append("other exercise") }
    let what =
      switch named.count {
      case 0: "exercise"
      case 1: named[0]
      default: named.dropLast().joined(separator: ", ") + " and " + named[named.count - 1]
      }
    return "\(minutes(exercise.minutes)) of \(what)"
  }

  /// `2,000 + 500 mL for 60 min of running` for a goal its day's exercise raised; nil for any
  /// other target.
  public static func raisedGoal(_ target: DailyTarget, _ formatter: VolumeFormatter) -> String? {
    guard let exercise = target.exercise, exercise.extra.milliliters > 0 else { return nil }
    return "\(formatter.number(target.base)) + \(formatter.string(exercise.extra)) for "
      + self.exercise(exercise)
  }
}
