import ArgumentParser
import Foundation
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

extension Liquidus {
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Bring another device's entries, edits and deletions into this database.",
      discussion: """
        OTHER is another Liquidus database (read through SQLite without changing it, safe \
        while its own liquidus writes it) or a file written by `liquidus export --format json`. \
        For each entry the newest version on either side wins; a later deletion deletes. \
        Merging twice changes nothing, and merging A into B gives the entries B into A gives. \
        A JSON export carries no deletions.

        Examples:
          liquidus merge ~/Sync/liquidus/laptop.sqlite
          liquidus merge ~/Sync/liquidus/laptop.sqlite --dry-run
          liquidus merge drinks.json
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The other Liquidus database, or a JSON export.") var other: String
    @Flag(help: "Say what would change, and change nothing.") var dryRun = false

    func run() throws {
      try reportingFailures {
        let live = try LiveEnvironment.open()
        let tally = try MergeDevice().run(.init(path: other, dryRun: dryRun), in: live.call)
        for line in MergeReportText(tally: tally, source: other, dryRun: dryRun).lines {
          Terminal.print(line)
        }
      }
    }
  }
}
