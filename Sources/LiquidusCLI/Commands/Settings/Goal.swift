import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  /// `goal`: shows or sets the goal (its default subcommand, so `goal 2.5l` reads as before),
  /// or suggests one (`goal suggest`).
  struct Goal: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "goal",
      abstract: "Show or set the daily goal, from a day on, or suggest one.",
      discussion: """
        A new goal holds from its day on; earlier days keep theirs. The default is 2,000 mL. \
        EFSA's adequate intakes of 2.0 L (women) and 2.5 L (men) are total water, food \
        included; drinks supply about 80% of them (see `liquidus goal suggest`). \
        `liquidus goal set --help` lists the options of showing and setting.

        Examples:
          liquidus goal
          liquidus goal 2.5l --from 2026-11-01
          liquidus goal --limit 1.5l
          liquidus goal --history
          liquidus goal suggest --weight 70kg --sex female
        """,
      subcommands: [Show.self, Suggest.self],
      defaultSubcommand: Show.self)
  }
}

extension Liquidus.Goal {
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "set",
      abstract: "Show or set the daily goal, from a day on.",
      discussion: """
        A day whose total reaches the goal is a goal day. A new goal holds from today (or from \
        --from) on: earlier days keep the goal they had, so raising it never takes away a goal \
        day or a streak already earned. The default is 2,000 mL. EFSA's adequate intakes of \
        2.0 L (women) and 2.5 L (men) are total water, food included; drinks supply about \
        80% of them: see `liquidus goal suggest` for figures with their sources.

        --limit makes the daily amount a maximum, for people whose doctor limits their fluids \
        (heart failure, dialysis): every drink then counts by its whole volume, status says \
        what is left, log warns at 90% and past the limit, and nothing pushes you to drink \
        more. `liquidus goal 2l` makes it a goal again.

        --per-workout adds water to a day's goal for its exercise, in proportion: \
        250ml/30min adds 500 mL to a day with 60 minutes of workouts. Workouts come from \
        `liquidus import` (Apple Health, Health Connect) or `liquidus log-workout`. Like the \
        goal, it holds from its day on; `--per-workout off` ends it. A limit adds nothing.

        Examples:
          liquidus goal
          liquidus goal 2.5l
          liquidus goal 2.5l --from 2026-11-01
          liquidus goal --limit 1.5l
          liquidus goal --per-workout 250ml/30min
          liquidus goal --history
          liquidus goal --history --format json
          liquidus goal suggest --weight 70kg --sex female
        """)

    enum HistoryFormat: String, ExpressibleByArgument, CaseIterable { case table, json }

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The new goal, e.g. 2000ml, 2.5l, 80oz.") var amount: String?
    @Flag(help: "Keep a bare number below 10 as millilitres (2.5 is otherwise refused).")
    var force = false
    @Option(help: "A daily limit instead of a goal, e.g. 1.5l (the figure your doctor gave).")
    var limit: String?
    @Option(help: "The first day of the new goal, e.g. 2026-11-01 or yesterday (default: today).")
    var from: String?
    @Option(
      name: .customLong("per-workout"),
      help: "Water to add for exercise, e.g. 250ml/30min, or off (default: the rate in force).")
    var perWorkout: String?
    @Flag(help: "List every goal with the day it began.") var history = false
    @Option(help: "How to print --history: table (for people) or json (for programs).")
    var format: HistoryFormat = .table

    func validate() throws {
      if amount != nil && limit != nil {
        throw ValidationError(
          "Give a goal or a limit, not both: `liquidus goal 2l` or `liquidus goal --limit 1.5l`.")
      }
      if history && (amount != nil || from != nil || limit != nil || perWorkout != nil) {
        throw ValidationError("--history lists the goals; set a goal without it.")
      }
      if from != nil && amount == nil && limit == nil && perWorkout == nil {
        throw ValidationError("--from needs a goal, e.g. `liquidus goal 2.5l --from 2026-11-01`.")
      }
      if format != .table && !history {
        throw ValidationError("--format is for --history: `liquidus goal --history --format json`.")
      }
    }

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        if history {
          let view = try ShowGoalHistory().run(.init(), in: live.call)
          let listing = GoalHistoryListing(
            changes: view.changes, unit: view.unit, context: live.context)
          switch format {
          case .table: Terminal.print(listing.table())
          case .json: Terminal.print(try listing.json(), raw: true)
          }
          return
        }
        let goal = try SetGoal().run(
          .init(
            amount: (amount ?? limit).map(AmountInput.text), allowUnlikely: force, from: from,
            kind: limit == nil ? .goal : .limit, perWorkout: perWorkout), in: live.call)
        let formatter = VolumeFormatter(unit: goal.unit, locale: live.context.locale)
        let exercise = goal.perWorkout.map { allowance in
          ", plus \(formatter.string(allowance.amount)) for every "
            + "\(WorkoutWords.minutes(allowance.minutes)) of exercise"
        }
        let shown = formatter.string(goal.goal) + (exercise ?? "")
        let noun = goal.kind == .limit ? "Daily limit" : "Daily goal"
        guard goal.changed, let day = goal.from else {
          Terminal.print("\(noun): \(shown)")
          return
        }
        Terminal.print(
          goal.fromToday ? "\(noun) set to \(shown)." : "\(noun) set to \(shown) from \(day)."
        )
      }
    }
  }
}
