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
        All or nothing: if any id is unknown, nothing is removed. Find ids with `liquidus list`. \
        A range (2-9) names every id from the first to the last; it says how many it removed.

        Examples:
          liquidus delete 42
          liquidus delete 42 43 44
          liquidus delete 2-9
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The ids of the entries to remove, or a range such as 2-9.")
    var ids: [String]

    func validate() throws {
      if ids.isEmpty { throw ValidationError("Give at least one entry id (see `liquidus list`).") }
      do {
        _ = try EntryIDs.parse(ids)
      } catch {
        throw ValidationError(error.message)
      }
    }

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let ids = (try? EntryIDs.parse(self.ids)) ?? []
        let deletion = try DeleteEntries().run(
          .init(entries: ids.map { .row(Drink.ID($0)) }), in: live.call)
        if self.ids.contains(where: { $0.contains("-") }) {
          let count = deletion.removed.count + deletion.damaged.count
          Terminal.print("Removed \(count == 1 ? "1 entry" : "\(count) entries"):")
        }
        let entry = EntrySentence(unit: live.settings.displayUnit, context: live.context)
        for removed in deletion.removed {
          let sentence = entry.describe(removed.drink, typeName: removed.typeName ?? "?")
          Terminal.print("Removed \(removed.drink.id?.rawValue ?? 0): \(sentence)")
        }
        for id in deletion.damaged {
          Terminal.print("Removed \(id), an entry that could not be read.")
        }
      }
    }
  }
}
