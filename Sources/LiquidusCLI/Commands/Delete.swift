import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

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
        let deletion = try DeleteEntries().run(
          .init(entries: ids.map(EntryReference.row)), in: live.call)
        let entry = EntrySentence(unit: live.settings.displayUnit, context: live.context)
        for removed in deletion.removed {
          let sentence = entry.describe(removed.drink, typeName: removed.typeName ?? "?")
          Terminal.print("Removed \(removed.drink.id ?? 0): \(sentence)")
        }
        for id in deletion.damaged {
          Terminal.print("Removed \(id), an entry that could not be read.")
        }
      }
    }
  }
}
