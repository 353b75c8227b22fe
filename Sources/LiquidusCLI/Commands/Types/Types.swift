import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "types",
      abstract: "List and manage drink types.",
      discussion: """
        Examples:
          liquidus types
          liquidus types add Tea --color "#009E73"
          liquidus types rename Soda Cola
          liquidus types color Tea "#56B4E9"
          liquidus types move Tea 2
          liquidus types disable Juice
          liquidus types delete Tea            # archives it if it has entries
          liquidus types delete Tea --purge    # removes it and its entries
          liquidus types caffeine Tea 30mg/cup
          liquidus types hydration Milk 1.5
          liquidus types serving water 300ml
        """,
      subcommands: [
        ListTypes.self, AddType.self, RenameType.self, ColorType.self, MoveType.self,
        EnableType.self, DisableType.self, DeleteType.self, CaffeineType.self,
        HydrationType.self, ServingType.self,
      ],
      defaultSubcommand: ListTypes.self)
  }
}

extension Liquidus.Types {
  struct ListTypes: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List drink types in order, with caffeine, hydration and entry counts.")

    enum TypesFormat: String, ExpressibleByArgument, CaseIterable { case table, json }

    @OptionGroup var global: GlobalOptions
    @Option(help: "For people (table) or for scripts (json).") var format: TypesFormat = .table

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let found = try ListDrinkTypes().run(.init(), in: live.call)
        let listing = TypeListing(types: found.types, counts: found.counts)
        switch format {
        case .table: Terminal.print(listing.table())
        case .json: Terminal.print(try JSONText.encode(listing.json()), raw: true)
        }
      }
    }
  }
}
