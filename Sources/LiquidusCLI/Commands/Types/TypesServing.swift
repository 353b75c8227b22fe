import ArgumentParser
import LiquidusModel
import LiquidusPresentation
import LiquidusStore
import LiquidusUseCases

extension Liquidus.Types {
  struct ServingType: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "serving",
      abstract: "Set what `liquidus log DRINK` alone logs of a drink type.",
      discussion: """
        Without it, `log DRINK` logs the amount you last logged of that drink, else 250 mL.

        Example:
          liquidus types serving water 300ml
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The drink type, e.g. water.") var name: String
    @Argument(help: "The amount, e.g. 300ml, or a serving such as mug.") var amount: String

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let set = try SetDefaultServing().run(
          .init(drink: name, amount: .text(amount)), in: live.call)
        let shown = VolumeFormatter(unit: live.settings.displayUnit, locale: live.context.locale)
          .string(set.volume)
        Terminal.print("`liquidus log \(set.drink.lowercased())` now logs \(shown).")
      }
    }
  }
}
