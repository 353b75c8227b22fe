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
      Log.self, Status.self, Due.self, Caffeine.self, Summary.self, List.self, Undo.self, Edit.self,
      Delete.self, LogWorkoutCommand.self, Workouts.self,
      Types.self, Servings.self, Goal.self, Config.self, Remind.self, Report.self, Import.self,
      Export.self, Merge.self, Backup.self, Restore.self, Serve.self,
    ])

  /// Runs the process: reads its arguments and environment, runs the command, and exits with
  /// the command's status.
  public static func runProcess() -> Never {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let status = CommandEnvironment.$current.withValue(.process) { run(arguments) }
    Foundation.exit(status)
  }

  /// Runs one command line in ``CommandEnvironment/current`` and returns its exit status.
  ///
  /// A plain `log` or `status` takes ``QuickLog``'s or ``QuickStatus``'s fast path; everything
  /// else goes through ArgumentParser, whose messages (usage errors, help, version) are printed
  /// as its own `main` would.
  ///
  /// - Parameter fastPaths: Whether a plain `log` or `status` may skip ArgumentParser. Only
  ///   tests pass false: the fast paths promise the full parser's outcome for every command
  ///   line, and `FastPathDifferentialTests` holds them to it by running each line both ways.
  package static func run(_ arguments: [String], fastPaths: Bool = true) -> Int32 {
    var environment = CommandEnvironment.current
    guard let arguments = takingDatabaseOption(arguments, into: &environment.variables) else {
      Terminal.warn("error: --db needs a file path, e.g. --db ~/drinks.sqlite.")
      return ExitStatus.usage.rawValue
    }
    return CommandEnvironment.$current.withValue(environment) {
      parseAndRun(arguments, fastPaths: fastPaths)
    }
  }

  private static func parseAndRun(_ typed: [String], fastPaths: Bool) -> Int32 {
    let arguments: [String]
    do {
      arguments = try CommandLineHints.mend(typed) {
        configuration.subcommands.map { $0._commandName }
      }
    } catch {
      Terminal.warn("error: \(error.message)")
      return ExitStatus.usage.rawValue
    }
    if fastPaths, let quick = QuickLog(arguments: arguments) { return quick.run() }
    if fastPaths, let quick = QuickStatus(arguments: arguments) { return quick.run() }
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      return 0
    } catch {
      // ArgumentParser starts its messages with "Error:"; Liquidus's own start with "error:",
      // as most command-line tools' do. One style.
      var message = UsageLine.folded(fullMessage(for: error))
      if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst("Error: ".count) }
      let status = exitCode(for: error)
      if !message.isEmpty {
        if status == .success { Terminal.print(message) } else { Terminal.warn(message) }
      }
      return status.rawValue
    }
  }

  /// Lets `--db PATH` stand anywhere before a `--`: before the command (`liquidus --db x.sqlite
  /// status`), between a group and its command (`liquidus types --db x.sqlite add Tea`) or after
  /// it, as the README promises. ArgumentParser only knows options after the last command's
  /// name, so every `--db` becomes `LIQUIDUS_DB` for this run, the last one winning.
  ///
  /// - Returns: the other arguments, or nil when a `--db` has an empty path (which would
  ///   otherwise quietly mean the default database).
  static func takingDatabaseOption(
    _ arguments: [String], into variables: inout [String: String]
  ) -> [String]? {
    var rest: [String] = []
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      if argument == "--" {
        rest += arguments[index...]
        break
      }
      if argument == "--db", index + 1 < arguments.endIndex {
        guard !arguments[index + 1].isEmpty else { return nil }
        variables["LIQUIDUS_DB"] = arguments[index + 1]
        index += 2
      } else if argument.hasPrefix("--db=") {
        let path = String(argument.dropFirst("--db=".count))
        guard !path.isEmpty else { return nil }
        variables["LIQUIDUS_DB"] = path
        index += 1
      } else {
        rest.append(argument)
        index += 1
      }
    }
    return rest
  }
}
