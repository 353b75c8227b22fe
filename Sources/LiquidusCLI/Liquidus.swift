import ArgumentParser
import Foundation

/// The `liquidus` command: parses arguments and hands the work to the library layers.
public struct Liquidus: ParsableCommand {
  public init() {}

  public static let configuration = CommandConfiguration(
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

  /// Runs the process: reads its arguments and environment, runs the command, and exits with
  /// the command's status.
  public static func runProcess() -> Never {
    var environment = CommandEnvironment.process
    let arguments = acceptingLeadingDatabaseOption(
      Array(CommandLine.arguments.dropFirst()), variables: &environment.variables)
    let status = CommandEnvironment.$current.withValue(environment) { run(arguments) }
    Foundation.exit(status)
  }

  /// Runs one command line in ``CommandEnvironment/current`` and returns its exit status.
  ///
  /// A plain `log` takes ``QuickLog``'s fast path; everything else goes through ArgumentParser,
  /// whose messages (usage errors, help, version) are printed as its own `main` would.
  package static func run(_ arguments: [String]) -> Int32 {
    if let quick = QuickLog(arguments: arguments) { return quick.run() }
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      return 0
    } catch {
      let message = fullMessage(for: error)
      let status = exitCode(for: error)
      if !message.isEmpty {
        if status == .success { Terminal.print(message) } else { Terminal.warn(message) }
      }
      return status.rawValue
    }
  }

  /// Lets `--db PATH` stand before the subcommand (`liquidus --db x.sqlite status`), as the
  /// README promises. ArgumentParser only knows options after a subcommand's name, so a leading
  /// `--db` becomes `LIQUIDUS_DB` for this run; a `--db` after the subcommand still wins over it.
  static func acceptingLeadingDatabaseOption(
    _ arguments: [String], variables: inout [String: String]
  ) -> [String] {
    var rest = arguments[...]
    while let first = rest.first, first.hasPrefix("--db") {
      if first == "--db", rest.count >= 2 {
        variables["LIQUIDUS_DB"] = rest[rest.startIndex + 1]
        rest = rest.dropFirst(2)
      } else if first.hasPrefix("--db=") {
        variables["LIQUIDUS_DB"] = String(first.dropFirst("--db=".count))
        rest = rest.dropFirst()
      } else {
        break
      }
    }
    return Array(rest)
  }
}
