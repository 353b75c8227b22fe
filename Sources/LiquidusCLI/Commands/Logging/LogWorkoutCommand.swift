import ArgumentParser
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

extension Liquidus {
  /// `log-workout`: records exercise by hand, for a goal that adds water for it.
  struct LogWorkoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "log-workout",
      abstract: "Record a workout, for a goal that adds water for exercise.",
      discussion: """
        Durations: 45min, 45 min, 45m, 1h, 1.5h, 1h30m, 1:30 or a bare 45 (minutes); more than \
        0 and at most 24 hours. Without --at the workout is taken to have just ended. A workout \
        raises the day's goal only once `liquidus goal --per-workout 250ml/30min` is set; \
        imports bring the workouts of Apple Health and Health Connect (see `liquidus workouts`).

        Examples:
          liquidus log-workout 45min
          liquidus log-workout 1h --at 07:30 --activity running
          liquidus log-workout 1h30m --at "yesterday 18:00" --activity cycling
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "How long, e.g. 45min, 1h, 1h30m.") var duration: String
    @Option(help: "When it began (default: its duration ago).") var at: String?
    @Option(help: "What it was, e.g. running (default: workout).") var activity: String?

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let view = try LogWorkout().run(
          .init(duration: duration, at: at.map(TimeInput.text), activity: activity),
          in: live.call)
        let formatter = VolumeFormatter(unit: view.unit, locale: live.context.locale)
        let exercise = DayExercise(
          minutes: view.workout.minutes, activities: [view.workout.activity])
        // The hint only for a person who never set a rate: one set from a later day, or a
        // limit, is a choice already made.
        let goal =
          WorkoutWords.raisedGoal(view.target, formatter).map { " · goal \($0)" }
          ?? (live.settings.goals.countsWorkouts
            ? "" : " · `liquidus goal --per-workout 250ml/30min` adds water for it")
        Terminal.print(
          "Logged \(WorkoutWords.exercise(exercise)) at "
            + "\(ClockText.describe(view.workout.start, in: live.context))\(goal)")
      }
    }
  }
}
