import ArgumentParser

/// Options every command that touches the database takes.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database file (default: $LIQUIDUS_DB, else ~/.local/share/liquidus/liquidus.sqlite).",
      valueName: "path"))
  var databasePath: String?
}
