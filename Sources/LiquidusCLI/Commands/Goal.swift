import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Goal: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "goal",
      abstract: "Show or set the daily goal.",
      discussion: """
        A day whose total reaches the goal is a goal day. The default is 2,000 mL (EFSA's adequate \
        intake for women from drinks; 2,500 mL for men).

        Examples:
          liquidus goal
          liquidus goal 2.5l
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The new goal, e.g. 2000ml, 2.5l, 80oz.") var amount: String?
    @Flag(help: "Keep a bare number below 10 as millilitres (2.5 is otherwise refused).")
    var force = false

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let goal = try SetGoal().run(
          .init(amount: amount.map(AmountInput.text), allowUnlikely: force), in: live.call)
        let shown = VolumeFormatter(unit: goal.unit, locale: live.context.locale).string(goal.goal)
        Terminal.print(goal.changed ? "Daily goal set to \(shown)." : "Daily goal: \(shown)")
      }
    }
  }
}
