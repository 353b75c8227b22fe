import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusStore

/// Records a workout by hand: `log-workout 45min --at 07:30 --activity running`.
public struct LogWorkout: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    /// How long, as typed (`45min`, `1h30m`).
    public var duration: String
    /// When it began; nil for now minus its duration (a workout just finished).
    public var at: TimeInput?
    /// What it was; nil for an unnamed workout.
    public var activity: String?

    public init(duration: String, at: TimeInput? = nil, activity: String? = nil) {
      self.duration = duration
      self.at = at
      self.activity = activity
    }
  }

  /// The workout stored, and the goal of its day after it.
  public struct View: Sendable, Hashable {
    public var workout: Workout
    public var target: DailyTarget
    public var unit: VolumeUnit
  }

  /// - Throws: ``WorkoutError`` for a duration that cannot be read or is out of range,
  ///   ``TimeExpressionError`` or ``EntryError`` for a time, ``WorkoutError/notEndedYet(ends:)``
  ///   for a workout that has not ended; nothing is stored then.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let minutes = try WorkoutDuration.minutes(request.duration)
    let calendar = context.calendar
    let start =
      try request.at?.instant(in: context) ?? calendar.now.addingTimeInterval(-minutes * 60)
    // A workout still under way (or to come) raises a goal for exercise not done yet.
    let end = start.addingTimeInterval(minutes * 60)
    guard end <= EntryError.latest(now: calendar.now) else {
      throw WorkoutError.notEndedYet(ends: ClockText.describe(end, in: calendar))
    }
    try EntryError.check(start, in: calendar)
    let workout = try context.store.logWorkout(
      Workout(start: start, minutes: minutes, activity: Workout.activity(named: request.activity)))
    let target = try context.store.target(
      on: Day(containing: start, in: calendar), goals: context.settings.goals)
    return View(workout: workout, target: target, unit: context.settings.displayUnit)
  }
}
