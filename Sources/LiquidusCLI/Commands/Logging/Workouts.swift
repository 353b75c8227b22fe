import ArgumentParser
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

extension Liquidus {
  /// `workouts`: lists the workouts that raise a goal, or deletes one.
  struct Workouts: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "workouts",
      abstract: "List or delete workouts.",
      discussion: """
        Workouts come from `liquidus import` (Apple Health's workouts, Health Connect's \
        exercise sessions) and from `liquidus log-workout`. Importing a file again adds none \
        twice; a deleted workout is not brought back by an import or a merge.

        Examples:
          liquidus workouts
          liquidus workouts list "last week" --format json
          liquidus workouts delete 3
        """,
      subcommands: [ListWorkoutsCommand.self, DeleteWorkoutCommand.self],
      defaultSubcommand: ListWorkoutsCommand.self)
  }
}

extension Liquidus.Workouts {
  struct ListWorkoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List workouts, oldest first.",
      discussion: """
        Examples:
          liquidus workouts list
          liquidus workouts list "this month"
          liquidus workouts list --format json
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case table, json }

    @OptionGroup var global: GlobalOptions
    @Argument(help: "A period, e.g. today, \"last week\", 2026-11 (default: all).")
    var period: String?
    @Option(help: "table (for people) or json (for programs).") var format: Format = .table

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let view = try ListWorkouts().run(.init(period: period), in: live.call)
        let listing = WorkoutListing(workouts: view.workouts, context: live.context)
        switch format {
        case .table where view.workouts.isEmpty:
          Terminal.print(
            "No workouts: `liquidus log-workout 45min` records one; `liquidus import` brings "
              + "those of Apple Health and Health Connect.")
        case .table: Terminal.print(listing.table())
        case .json: Terminal.print(try listing.json(), raw: true)
        }
      }
    }
  }

  struct DeleteWorkoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete", abstract: "Delete a workout by its id.",
      discussion: """
        Example:
          liquidus workouts delete 3
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The workout's id, as `liquidus workouts` shows it.") var id: Int64

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let workout = try DeleteWorkout().run(.init(id: Workout.ID(id)), in: live.call)
        let exercise = DayExercise(minutes: workout.minutes, activities: [workout.activity])
        Terminal.print(
          "Deleted workout \(id): \(WorkoutWords.exercise(exercise)) at "
            + "\(ClockText.describe(workout.start, in: live.context)).")
      }
    }
  }
}
