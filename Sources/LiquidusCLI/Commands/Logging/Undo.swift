import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "undo",
      abstract: "Remove the most recently logged entry.",
      discussion: """
        Removes the last entry made with `liquidus log` (imported entries, and entries merged \
        in from another device, are left alone), says what it removed and where the day stands \
        now. Run it again to remove the one before.

        Example:
          liquidus undo
        """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let removed = try UndoLast().run(.init(), in: live.call)
        let entry = EntrySentence(unit: live.settings.displayUnit, context: live.context)
        let total = removed.day.map { " · \($0.progressText(in: live.context))" } ?? ""
        Terminal.print(
          "Removed \(entry.describe(removed.drink, typeName: removed.typeName ?? "?")) "
            + "(id \(removed.drink.id?.rawValue ?? 0))\(total).")
      }
    }
  }
}
