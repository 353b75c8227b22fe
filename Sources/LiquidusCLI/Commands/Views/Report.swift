import ArgumentParser
import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Draw a period as charts (SVG, PNG) and sound (WAV), with the words beside them.",
      discussion: """
        PERIOD (default: week) is any period expression, as for `summary` (today, week, \
        last-week, month, half-year, year, 2026-11, 2026-H2, 2026, week:2026-11-20, ...), or \
        --from/--to for whole days. Every period gets a stacked bar chart and a share donut; \
        months, half-years and years also get a calendar of goal days and a daily line with a \
        7-day average. Each SVG carries the summary as its description, the txt file holds the \
        summary and each chart in words, and the html page holds everything in one file. wav \
        is an audio graph: one tone per bucket in order, higher for more, silence for none, a \
        soft click for a goal reached; the page embeds it and the txt file says what it holds.

        Charts are drawn by gnuplot (`sudo apt-get install gnuplot-nox`). Files are named after \
        the period (week-2026-11-15.svg, week-2026-11-15-share.svg, ...) and are only written \
        once every file of the report has been drawn.

        Examples:
          liquidus report
          liquidus report month --format svg,html
          liquidus report week --format wav,txt
          liquidus report year --out ~/Reports --format png
          liquidus report last-week --type water --type tea --format txt
          liquidus report --from 2026-11-01 --to 2026-11-14 --format html
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var period: PeriodOptions<WeekByDefault>
    @Option(help: "Only this drink type (repeatable).") var type: [String] = []
    @Option(help: "The folder to write into (created if missing).") var out = "Reports"
    @Option(
      help: "Comma-separated: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format = "svg,png,txt"

    func validate() throws {
      if ReportFormat.parseList(format) == nil {
        throw ValidationError(
          "Unknown format in '\(format)'. Use a comma-separated list of "
            + ReportFormat.allCases.map(\.rawValue).joined(separator: ", ") + ".")
      }
      if out.isEmpty { throw ValidationError("--out needs a folder.") }
    }

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let figures = try PrepareReport().run(
          .init(period: period.selection, typeNames: type), in: live.call)
        let renderer = ReportRenderer(
          searchPath: CommandEnvironment.current.variables["PATH"] ?? "",
          temporaryDirectory: FileManager.default.temporaryDirectory)
        let files = try renderer.render(
          figures.trends, formats: ReportFormat.parseList(format) ?? [],
          caffeine: figures.caffeine)
        let folder = URL(fileURLWithPath: (out as NSString).expandingTildeInPath)
        try ReportFolder(url: folder).write(files)
        for file in files {
          Terminal.print((out as NSString).appendingPathComponent(file.name))
        }
      }
    }
  }
}
