import Foundation
import Testing

@testable import LiquidusCLI

/// The few things only the real executable shows: that it starts, that `--db` before the
/// command reaches it, that the fast `log` path and ArgumentParser's path agree, and that exit
/// codes and streams are the process's. Everything else runs in-process (see ``CLI``).
@Suite struct BinaryTests {
  @Test func logThenStatusThroughTheExecutable() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let logged = try cli.runBinary("log", "water", "250ml", "--at", "09:00")
    #expect(logged.status == 0, "\(logged.stderr)")
    #expect(logged.stdout.hasPrefix("Logged 250 mL of Water at 9:00 AM"))
    // The same command through ArgumentParser: QuickLog reads `--note a` but leaves the
    // `--note=a` form to the full parser.
    let through = ["log", "coffee", "100ml", "--note=a", "--at", "10:00"]
    #expect(QuickLog(arguments: through) == nil)
    let parsed = try cli.runBinary(through)
    #expect(parsed.status == 0, "\(parsed.stderr)")
    let status = try cli.runBinary("status", "--format", "json")
    #expect(status.status == 0)
    #expect(status.stdout.contains("\"total\":350"), "\(status.stdout)")
  }

  /// `status`'s fast path and ArgumentParser's path (`--format=X` leaves the fast path) print the
  /// same thing for every format, and what the fast path refuses still gets the parser's words.
  @Test func statusFastPathAgreesWithTheParser() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    _ = try cli.runBinary("log", "coffee", "300ml", "--at", "08:00")
    for format in ["table", "json", "waybar", "line"] {
      let quick = try cli.runBinary("status", "--format", format)
      let parsed = try cli.runBinary("status", "--format=\(format)")
      #expect(quick.status == 0 && parsed.status == 0, "\(quick.stderr) \(parsed.stderr)")
      #expect(!quick.stdout.isEmpty && quick.stdout == parsed.stdout, "\(format)")
    }
    #expect(
      try cli.runBinary("status").stdout == cli.runBinary("status", "--format", "table").stdout)
    let wrong = try cli.runBinary("status", "--format", "yaml")
    #expect(wrong.status == 64 && wrong.stderr.contains("yaml"), "\(wrong.stderr)")
  }

  @Test func databaseOptionBeforeTheCommandNamesTheFile() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let other = cli.folder.appendingPathComponent("other.sqlite").path
    #expect(try cli.runBinary("--db", other, "log", "water", "1l").status == 0)
    #expect(FileManager.default.fileExists(atPath: other))
    #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
  }

  @Test func usageErrorsGoToStandardErrorWithStatus64AndHelpToStandardOutput() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let wrong = try cli.runBinary("log", "watr", "250ml")
    #expect(wrong.status == 64)
    #expect(wrong.stdout.isEmpty)
    #expect(wrong.stderr.hasPrefix("error: Unknown drink 'watr'. Did you mean 'Water'?"))
    let help = try cli.runBinary("--help")
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: liquidus <subcommand>"))
    #expect(help.stderr.isEmpty)
  }

  /// Several processes opening a database that does not exist yet: each creates or finds the
  /// schema, and every drink is logged (a race once lost about one run in forty).
  @Test(.timeLimit(.minutes(2)))
  func manyFirstOpensAtOnceAllLog() throws {
    for round in 0..<8 {
      let cli = try CLI()
      defer { cli.cleanUp() }
      let running = try (0..<6).map { _ in try cli.launch("\"$LIQUIDUS\" log water 10ml") }
      let results = running.map { $0.finish() }
      for result in results { #expect(result.status == 0, "round \(round): \(result.stderr)") }
      #expect(try ImportSupport.count(cli, "drink") == 6, "round \(round)")
    }
  }
}
