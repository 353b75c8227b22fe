import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "Show entries with their ids.",
      discussion: """
        PERIOD is any period expression (default: today): today, yesterday, week, last-week, \
        month, last-month, half-year, year, 2026-11-20, 2026-11, 2026-H2, 2026, \
        week:2026-11-20, and steps such as week-1 or month+2. --from/--to pick whole days.

        Examples:
          liquidus list
          liquidus list yesterday --type coffee
          liquidus list last-week --format json
          liquidus list --from 2026-11-01 --to 2026-11-03 --format csv
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var period: PeriodOptions<TodayByDefault>
    @Option(help: "Only this drink type (repeatable).") var type: [String] = []
    @Option(help: "How to print the entries.") var format: ListFormat = .table

    /// The formats `list` prints: `text` (a spoken summary) belongs to `summary`.
    enum ListFormat: String, ExpressibleByArgument, CaseIterable {
      case table, json, csv
      var output: OutputFormat { OutputFormat(rawValue: rawValue) ?? .table }
    }

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let found = try ListEntries().run(
          .init(period: period.selection, typeNames: type), in: live.call)
        defer { warnLeftOut(found.damaged) }
        let listing = EntryListing(
          drinks: found.drinks, types: found.types, unit: found.unit, context: found.calendar)
        if format == .table { Terminal.print(found.period.description) }
        Terminal.print(try listing.render(format.output), raw: format != .table)
      }
    }
  }
}

extension OutputFormat: ExpressibleByArgument {}
