import ArgumentParser
import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write entries out as CSV or JSON.",
      discussion: """
        PERIOD is any period expression (default: all, every entry): today, week, last-month, \
        2026-11, 2026-H2, 2026, ... or --from/--to for whole days. Dates are ISO 8601 with the \
        offset of $TZ, amounts in millilitres. The CSV reads back with `liquidus import`.

        Examples:
          liquidus export > drinks.csv
          liquidus export 2026 --format json --out drinks-2026.json
          liquidus export --from 2026-11-01 --to 2026-11-30
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var period: PeriodOptions<EverythingByDefault>
    @Option(help: "csv reads back with `liquidus import`; json with `liquidus merge`.") var format:
      DrinkExport.Format = .csv
    @Option(help: "Write to this file (created readable by you only) instead of stdout.")
    var out: String?
    @Flag(help: "Write through a symbolic link at --out (refused by default).")
    var followSymlink = false

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let output =
          try out.map { path in try OutputFile.create(path, followingSymlink: followSymlink) }
          ?? OutputFile.standardOutput
        let exported = try ExportEntries().run(
          .init(period: period.selection, format: format) { text in try output.write(text) },
          in: live.call)
        try output.close()
        let count = exported.count
        if let out {
          Terminal.warn("Exported \(count) \(count == 1 ? "entry" : "entries") to \(out).")
        }
        // The other entries are written; an export that lacks one must not look complete.
        try reportLeftOut(exported.damaged)
      }
    }
  }
}

extension DrinkExport.Format: ExpressibleByArgument {}
