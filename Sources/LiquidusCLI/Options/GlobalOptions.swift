import ArgumentParser

/// Options every command that touches the database takes.
///
/// `Liquidus.run` lifts every `--db` out of the command line before parsing (so it may stand
/// anywhere), which leaves this declaration for the help text and for commands run without it.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database file (default: $LIQUIDUS_DB, else "
        + "$XDG_DATA_HOME/liquidus/liquidus.sqlite, ~/.local/share/liquidus/liquidus.sqlite).",
      valueName: "path"))
  var databasePath: String?

}
