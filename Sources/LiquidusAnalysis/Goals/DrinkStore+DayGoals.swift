import Foundation
import LiquidusModel
import LiquidusStore

extension DrinkStore {
  /// The goal of every day as `context` lays days out, each with its exercise applied when a
  /// goal adds water for it (`goal --per-workout`); `within` reads only the workouts of those
  /// days, nil all of them (a streak may reach back to the first entry).
  ///
  /// Without an allowance no workout is read: the goals are the history's alone.
  public func dayGoals(
    _ goals: GoalHistory, in context: CalendarContext, within interval: DateInterval? = nil
  ) throws -> GoalBoundaries {
    var boundaries = goals.boundaries(in: context)
    guard goals.countsWorkouts else { return boundaries }
    boundaries.exercise = try exerciseByDay(in: context, within: interval)
    return boundaries
  }

  /// The goal in force on `day`, with its exercise applied when a goal counts it.
  public func target(on day: Day, goals: GoalHistory) throws -> DailyTarget {
    try dayGoals(goals, in: day.context, within: day.interval).target(at: day.interval.start)
  }

  /// The exercise of each day that has some, by the instant the day begins in `context`.
  public func exerciseByDay(in context: CalendarContext, within interval: DateInterval? = nil)
    throws -> [Date: DayExercise]
  {
    var days: [Date: [Workout]] = [:]
    for workout in try workouts(in: interval) {
      days[Day(containing: workout.start, in: context).interval.start, default: []].append(workout)
    }
    return days.mapValues(DayExercise.init(of:))
  }
}
