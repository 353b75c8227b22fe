import ArgumentParser
import LiquidusModel
import LiquidusPresentation
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Servings: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "servings",
      abstract: "List, add or remove servings: the glass, mug or bottle you drink from.",
      discussion: """
        A serving names an amount: `liquidus log tea mug`, `liquidus log water 2 glasses`. \
        One with a drink of its own logs it alone: `liquidus log mug`. A new database has a \
        glass (250 mL), a mug (350 mL), a bottle (500 mL) and a can (330 mL); the cup stays \
        a unit (236.6 mL). A serving cannot have a drink type's name.

        Examples:
          liquidus servings
          liquidus servings add mug 350ml --drink coffee
          liquidus servings add "big bottle" 1l
          liquidus servings remove can
        """,
      subcommands: [ListServingsCommand.self, AddServingCommand.self, RemoveServingCommand.self],
      defaultSubcommand: ListServingsCommand.self)
  }
}

extension Liquidus.Servings {
  struct ListServingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List the servings.",
      discussion: """
        Example:
          liquidus servings list
        """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let view = try ListServings().run(.init(), in: live.call)
        Terminal.print(
          ServingListing(servings: view.servings, unit: view.unit).table(
            locale: live.context.locale))
      }
    }
  }

  struct AddServingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add", abstract: "Add a serving, or change the one of that name.",
      discussion: """
        Example:
          liquidus servings add mug 350ml --drink coffee
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Its name, e.g. mug.") var name: String
    @Argument(help: "How much it holds, e.g. 350ml.") var amount: String
    @Option(help: "The drink it usually holds, so that `liquidus log NAME` logs it.")
    var drink: String?

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let serving = try AddServing().run(
          .init(name: name, amount: .text(amount), drink: drink), in: live.call)
        let shown = VolumeFormatter(unit: live.settings.displayUnit, locale: live.context.locale)
          .string(serving.amount)
        Terminal.print(
          "Serving \(serving.name): \(shown)" + (serving.drinkName.map { " of \($0)" } ?? "")
            + ".")
      }
    }
  }

  struct RemoveServingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "remove", abstract: "Remove a serving; entries logged with it stay.",
      discussion: """
        Example:
          liquidus servings remove can
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The serving's name.") var name: String

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        try RemoveServing().run(.init(name: name), in: live.call)
        Terminal.print("Removed the serving \(name).")
      }
    }
  }
}
