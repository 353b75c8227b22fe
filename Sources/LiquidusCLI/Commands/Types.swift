import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore

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
        """,
      subcommands: [
        ListTypes.self, AddType.self, RenameType.self, ColorType.self, MoveType.self,
        EnableType.self, DisableType.self, DeleteType.self,
      ],
      defaultSubcommand: ListTypes.self)
  }
}

extension Liquidus.Types {
  struct ListTypes: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List drink types in order, with their entry counts.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let counts = try live.store.entryCountsByType()
        var table = TextTable(
          header: ["#", "Name", "Color", "Entries", "State"],
          alignments: [.right, .left, .left, .right, .left])
        for type in try live.store.allTypes() {
          let state =
            type.isArchived ? "archived" : type.isEnabled ? "enabled" : "disabled"
          table.rows.append([
            String(type.position), type.name, type.color.hex,
            String(counts[type.id ?? -1] ?? 0), state + (type.isBuiltIn ? ", built-in" : ""),
          ])
        }
        Terminal.print(table.render())
      }
    }
  }
}
