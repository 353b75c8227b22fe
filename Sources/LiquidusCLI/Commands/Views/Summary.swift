import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Summary: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "summary",
      abstract: "Show intake for a period: by bucket and drink, goal days, streaks and change.",
      discussion: """
        PERIOD (default: week) is any period expression: today, yesterday, week, last-week, \
        month, last-month, half-year, year, 2026-11-20, 2026-11, 2026-H2, 2026, \
        week:2026-11-20, with steps such as week-1 or month+2; or --from/--to for whole days. \
        Formats: table (for people), json (for programs), csv (for spreadsheets), text (plain \
        sentences for screen readers). --chart draws the buckets as bars in the terminal, each \
        line starting with its label and amount, the goal marked.

        Examples:
          liquidus summary
          liquidus summary month --type water --type coffee
          liquidus summary half-year --format json
          liquidus summary last-week --format text
          liquidus summary month --chart
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var period: PeriodOptions<WeekByDefault>
    @Option(help: "Only this drink type (repeatable).") var type: [String] = []
    @Option(help: "How to print the summary (see the formats above).") var format: OutputFormat =
      .table

    @Flag(help: "Draw the buckets as bars in the terminal (with --format table).")
    var chart = false

    func validate() throws {
      if chart && format != .table {
        throw ValidationError("--chart draws for people; leave out --format \(format.rawValue).")
      }
    }

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let report = try ShowSummary().run(
          .init(period: period.selection, typeNames: type), in: live.call)
        switch format {
        case .table where chart:
          Terminal.print(Terminal.chart(report), raw: true)
        case .table:
          // Raw: the table makes its names safe itself, around its own colour codes.
          Terminal.print(
            SummaryTable(report: report, useColor: Terminal.allowsColor).render(), raw: true)
        case .json: Terminal.print(try report.jsonText(), raw: true)
        case .csv: Terminal.print(report.csv(), raw: true)
        case .text: Terminal.print(SpokenSummary(report: report).render())
        }
      }
    }
  }
}
