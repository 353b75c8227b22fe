import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore

extension Liquidus {
  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete",
      abstract: "Remove entries by id.",
      discussion: """
        All or nothing: if any id is unknown, nothing is removed. Find ids with `liquidus list`.

        Examples:
          liquidus delete 42
          liquidus delete 42 43 44
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The ids of the entries to remove.") var ids: [Int64]

    func validate() throws {
      if ids.isEmpty { throw ValidationError("Give at least one entry id (see `liquidus list`).") }
    }

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let deletion = try live.store.delete(ids: ids, now: live.context.now)
        let names = Dictionary(
          try live.store.allTypes().map { ($0.id, $0.name) }
        ) { first, _ in first }
        let entry = EntrySentence(unit: live.settings.displayUnit, context: live.context)
        for drink in deletion.removed {
          Terminal.print(
            "Removed \(drink.id ?? 0): \(entry.describe(drink, typeName: names[drink.typeID] ?? "?"))"
          )
        }
        for id in deletion.damaged {
          Terminal.print("Removed \(id), an entry that could not be read.")
        }
      }
    }
  }
}
