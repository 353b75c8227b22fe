import ArgumentParser
import Foundation

/// The `liquidus` command: parses arguments and hands the work to LiquidusKit.
@main
struct Liquidus: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "liquidus",
    abstract: "Log what you drink and see your intake trends.",
    discussion: """
      Entries live in a local SQLite database: --db PATH, else $LIQUIDUS_DB, else \
      $XDG_DATA_HOME/liquidus/liquidus.sqlite (~/.local/share/liquidus/liquidus.sqlite). \
      Times are local to $TZ. LIQUIDUS_NOW=2026-11-20T14:03:00Z pins "now" for reproducible output.

      Examples:
        liquidus log water 250ml
        liquidus status
        liquidus list yesterday
        liquidus summary month --format text
        liquidus report week
        liquidus import ~/Downloads/export.zip
      """,
    version: "0.1.0",
    subcommands: [
      Log.self, Status.self, Summary.self, List.self, Undo.self, Edit.self, Delete.self, Types.self,
      Goal.self, Config.self, Report.self, Import.self, Export.self, Backup.self, Restore.self,
    ])

  /// Takes ``QuickLog``'s fast path for a plain `log`, and ArgumentParser for everything else.
  static func main() {
    let arguments = acceptingLeadingDatabaseOption(Array(CommandLine.arguments.dropFirst()))
    if let quick = QuickLog(arguments: arguments) {
      Foundation.exit(quick.run())
    }
    main(arguments)
  }

  /// Lets `--db PATH` stand before the subcommand (`liquidus --db x.sqlite status`), as DESIGN.md
  /// promises. ArgumentParser only knows options after a subcommand's name, so a leading `--db`
  /// becomes `LIQUIDUS_DB` for this process; a `--db` after the subcommand still wins over it.
  static func acceptingLeadingDatabaseOption(_ arguments: [String]) -> [String] {
    var rest = arguments[...]
    while let first = rest.first, first.hasPrefix("--db") {
      if first == "--db", rest.count >= 2 {
        setenv("LIQUIDUS_DB", rest[rest.startIndex + 1], 1)
        rest = rest.dropFirst(2)
      } else if first.hasPrefix("--db=") {
        setenv("LIQUIDUS_DB", String(first.dropFirst("--db=".count)), 1)
        rest = rest.dropFirst()
      } else {
        break
      }
    }
    return Array(rest)
  }
}
