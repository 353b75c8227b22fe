import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit",
      abstract: "Change an entry's drink, amount, time, note or caffeine (--caffeine).",
      discussion: """
        Only the fields you give change. An empty --note "" removes the note.

        Examples:
          liquidus edit 42 --amount 330ml
          liquidus edit 42 --drink coffee --at "yesterday 08:00"
          liquidus edit 42 --note "after the run"
          liquidus edit 42 --caffeine 120mg
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The entry's id (see `liquidus list`).") var id: Int64
    @Option(help: "The new drink type.") var drink: String?
    @Option(help: "The new amount, e.g. 330ml.") var amount: String?
    @Option(help: "The new time, e.g. 07:30 or \"yesterday 21:00\".") var at: String?
    @Option(help: "The new note (\"\" removes it).") var note: String?
    @Option(help: "The entry's caffeine, e.g. 120mg.") var caffeine: String?
    @Flag(help: "Keep an amount that looks like a slip: more than 5 L, or a bare number below 10.")
    var force = false

    func validate() throws {
      if drink == nil && amount == nil && at == nil && note == nil && caffeine == nil {
        throw ValidationError(
          "Nothing to change: give --drink, --amount, --at, --note or --caffeine.")
      }
    }

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let details = EntryDetails(
          at: at.map(TimeInput.text), note: note, caffeine: caffeine.map(CaffeineInput.text))
        let request = EditEntry.Request(
          entry: .row(Drink.ID(id)), drink: drink, amount: amount.map(AmountInput.text),
          details: details,
          allowLarge: force)
        let edited = try EditEntry().run(request, in: live.call)
        let entry = EntrySentence(unit: live.settings.displayUnit, context: live.context)
        let noteText = edited.drink.note.map { " · \($0)" } ?? ""
        // Echo the caffeine when it was changed or is there, as `log` does.
        let caffeineText =
          caffeine != nil || edited.drink.caffeine > 0
          ? " (\(CaffeineText.milligrams(edited.drink.caffeine)) caffeine)" : ""
        Terminal.print(
          "Entry \(id) is now \(entry.describe(edited.drink, typeName: edited.typeName ?? "?"))"
            + caffeineText + noteText)
      }
    }
  }
}
