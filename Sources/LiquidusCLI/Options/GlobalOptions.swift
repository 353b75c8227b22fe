import ArgumentParser

/// Options every command that touches the database takes.
///
/// `Liquidus.run` lifts every `--db` out of the command line into `LIQUIDUS_DB` before parsing
/// (so it may stand anywhere), so the parser never fills this in: it is declared for the help
/// text and the usage line, and `LiveEnvironment.open()` reads the variable.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database file (default: $LIQUIDUS_DB, else "
        + "$XDG_DATA_HOME/liquidus/liquidus.sqlite, ~/.local/share/liquidus/liquidus.sqlite).",
      valueName: "path"))
  var databasePath: String?

}
