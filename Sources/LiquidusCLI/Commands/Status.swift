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
        case .json:
          Terminal.print(
            try JSONText.encode(snapshot.json(locale: live.context.locale), layout: .oneLine),
            raw: true)
        }
      }
    }
  }
}
