import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore

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

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let formatter = VolumeFormatter(
          unit: live.settings.displayUnit, locale: live.context.locale)
        guard let amount else {
          Terminal.print("Daily goal: \(formatter.string(live.settings.dailyGoal))")
          return
        }
        let goal = try AmountParser(
          defaultUnit: live.settings.displayUnit, locale: live.context.locale
        ).parseGoal(amount)
        try live.store.updateSettings { $0.dailyGoal = goal }
        Terminal.print("Daily goal set to \(formatter.string(goal)).")
      }
    }
  }
}
