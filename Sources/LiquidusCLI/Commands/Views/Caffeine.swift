import ArgumentParser
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Caffeine: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "caffeine",
      abstract: "Show caffeine: today, in your body now, when it falls below the sleep level.",
      discussion: """
        Each intake is absorbed at once and eliminated with first-order kinetics: what is in \
        the body at t is the sum of each intake's mg x 0.5^((t - its time) / half-life). The \
        half-life (5h), the daily limit (400mg, EFSA and FDA guidance for healthy adults) and \
        the sleep level (100mg) are set with `liquidus config`. PERIOD (default: week) picks \
        the days shown.

        Examples:
          liquidus caffeine
          liquidus caffeine month --format json
          liquidus caffeine --format text
        """)

    enum CaffeineFormat: String, ExpressibleByArgument, CaseIterable {
      case table, json, csv, text
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var period: PeriodOptions<WeekByDefault>
    @Option(help: "For people, programs, spreadsheets, or the ear (text).")
    var format: CaffeineFormat = .table

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let report = try ShowCaffeine().run(.init(period: period.selection), in: live.call)
        switch format {
        case .table: Terminal.print(report.table())
        case .json: Terminal.print(try JSONText.encode(report.json()), raw: true)
        case .csv: Terminal.print(report.csv(), raw: true)
        case .text: Terminal.print(report.text())
        }
      }
    }
  }
}
