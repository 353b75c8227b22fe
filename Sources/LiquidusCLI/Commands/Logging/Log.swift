import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "log",
      abstract: "Record a drink.",
      discussion: """
        Amounts: 250ml, 250 mL, 0.25l, 0,5 l, 1.5 L, 33cl, 5 dl, 8oz, 8 fl oz, 10 imp fl oz, \
        1 cup, 1.5cups, 1 pint (US), 1 uk pint, or a bare number in your display unit (see \
        `liquidus config`). More than 5 L in one entry, a bare number below 10 mL, or an amount \
        that shows as 0 needs --force. \
        Times (--at): now, 07:30, "yesterday 21:00", "2026-11-20 08:15", \
        2026-11-20T08:15:00+01:00 or ...Z, "15m ago", "2h ago", "1d ago". Not more than a minute \
        in the future.

        A serving names the amount: `log tea mug`, `log water 2 glasses` (see `liquidus \
        servings`); a serving alone logs its own drink (`log mug` once `servings add mug 350ml \
        --drink coffee`), and a drink alone its default serving (`types serving water 300ml`, \
        else the amount you last logged of it, else 250 mL).

        Examples:
          liquidus log water 250ml
          liquidus log tea mug
          liquidus log water 2 glasses
          liquidus log water
          liquidus log coffee "8 fl oz" --at 07:30 --note "flat white"
          liquidus log juice 1cup --at "yesterday 21:00"
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The drink type, e.g. water (see `liquidus types`).") var drink: String
    @Argument(help: "How much, e.g. 250ml, 0.5l, 8oz, 1cup, mug, 2 glasses (default: a serving).")
    var amount: String?
    @Option(help: "When you drank it (default: now).") var at: String?
    @Option(help: "A note to keep with the entry.") var note: String?
    @Option(help: "Its caffeine, e.g. 120mg (default: the amount times the type's content).")
    var caffeine: String?
    @Flag(help: "Keep an amount that looks like a slip: more than 5 L, or a bare number below 10.")
    var force = false

    func run() throws {
      try reportingFailures {
        try Self.perform(
          drink: drink, amount: amount, at: at, note: note, caffeine: caffeine, force: force)
      }
    }

    /// Logs the drink and prints the receipt; shared with ``QuickLog``'s fast path.
    static func perform(
      drink: String, amount: String?, at: String?, note: String?, caffeine: String?, force: Bool
    ) throws {
      let live = try LiveEnvironment.open()
      let details = EntryDetails(
        at: at.map(TimeInput.text), note: note, caffeine: caffeine.map(CaffeineInput.text))
      let request = LogDrink.Request(
        drink: drink, amount: amount.map(AmountInput.text), details: details, allowLarge: force)
      // No caller, so never a replay: the command line has no idempotency key.
      guard let receipt = try LogDrink().run(request, in: live.call).receipt else { return }
      Terminal.print(receipt.message(in: live.context))
      if let warning = receipt.limitWarning(in: live.context) { Terminal.warn(warning) }
      if let warning = receipt.caffeineWarning(remedies: Remedy.commandLine) {
        Terminal.warn(warning)
      }
    }
  }
}
