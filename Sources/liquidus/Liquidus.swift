import ArgumentParser

/// The `liquidus` command: parses arguments and hands the work to LiquidusKit.
@main
struct Liquidus: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "liquidus",
    abstract: "Log what you drink and see your intake trends.",
    discussion: """
      Entries live in a local SQLite database: --db PATH, else $LIQUIDUS_DB, else
      $XDG_DATA_HOME/liquidus/liquidus.sqlite (~/.local/share/liquidus/liquidus.sqlite).
      Times are local to $TZ. LIQUIDUS_NOW=2026-11-20T14:03:00Z pins "now" for reproducible output.

      Examples:
        liquidus log water 250ml
        liquidus status
        liquidus list yesterday
      """,
    version: "0.1.0",
    subcommands: [
      Log.self, Status.self, Summary.self, List.self, Undo.self, Edit.self, Delete.self, Types.self,
      Goal.self, Config.self, Report.self, Import.self, Export.self,
    ])
}
