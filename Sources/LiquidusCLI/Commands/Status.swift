import ArgumentParser
import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore

extension Liquidus {
  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "status",
      abstract: "Show today at a glance: total against the goal, and per drink.",
      discussion: """
        Examples:
          liquidus status
          liquidus status --format json     # for status bars and scripts
        """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "For people (table) or for status bars and scripts (json).")
    var format: StatusFormat = .table

    @Flag(help: "Also draw today's hours as bars, from the first drink on.")
    var chart = false

    func validate() throws {
      if chart && format != .table {
        throw ValidationError("--chart draws for people; leave out --format \(format.rawValue).")
      }
    }

    enum StatusFormat: String, ExpressibleByArgument, CaseIterable { case table, json }

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let snapshot = try live.journal.today()
        switch format {
        case .table:
          Terminal.print(
            StatusText(snapshot: snapshot, unicode: Terminal.allowsUnicode)
              .render(locale: live.context.locale))
          if chart {
            let today = Period.day(snapshot.day)
            let report = try TrendEngine(store: live.store).report(for: today, typeNames: [])
            Terminal.print()
            Terminal.print(Terminal.chart(report), raw: true)
          }
        case .json:
          Terminal.print(
            try JSONText.encode(snapshot.json(locale: live.context.locale), layout: .oneLine),
            raw: true)
        }
      }
    }
  }
}
