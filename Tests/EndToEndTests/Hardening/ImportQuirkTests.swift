import Foundation
import LiquidusTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Imports that ended well on the surface: an amount too small to keep stored as a "0 mL"
/// drink, and a database moved away during the import reported as imported.
@Suite struct ImportQuirkTests {
  @Test func anAmountTooSmallToKeepIsRejectedNotStoredAsNothing() throws {
    let cli = try CLI(now: "2026-11-21T16:00:00Z")
    defer { cli.cleanUp() }
    let garmin = try ImportSupport.file(
      cli, "HydrationLogFile_2026-11-20_2026-11-20.json",
      #"[{"calendarDate": "2026-11-20", "valueInML": 5e-324, "timestampLocal": "2026-11-20T07:45:00.0"}]"#
    )
    let samsung = try ImportSupport.file(
      cli, "com.samsung.health.water_intake.20261120123000.csv",
      """
      com.samsung.health.water_intake,6313002,5
      com.samsung.health.water_intake.start_time,com.samsung.health.water_intake.amount,
      2026-11-20 06:15:00.000,0.004,

      """)
    for file in [garmin, samsung] {
      let result = try cli.run("import", file)
      #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
      #expect(result.stdout.contains("Rows rejected: 1"), "\(result.stdout)")
      #expect(result.stdout.contains("is less than 0.01 mL"), "\(result.stdout)")
    }
    #expect(
      try cli.run("list", "2026-11-20", "--format", "csv").stdout.split(separator: "\n").count == 1)
  }

  /// Whether process `pid` has the file at `path` open and its main thread waits in read(2)
  /// on its standard input (Linux's `/proc/PID/fd` and `/proc/PID/syscall`): an import that
  /// has opened its database and waits for the rest of its input.
  static func waitsForInput(_ pid: pid_t, withOpen path: String) -> Bool {
    let folder = "/proc/\(pid)/fd"
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let isOpen = descriptors.contains {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == path
    }
    #if arch(x86_64)
      let read = "0"
    #else
      let read = "63"  // aarch64
    #endif
    let call = ((try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "")
      .split(separator: " ")
    return isOpen && call.count > 1 && call[0] == read && call[1] == "0x0"
  }

  @Test func aDatabaseMovedAwayDuringAnImportIsNotReportedAsImported() throws {
    let cli = try CLI(now: "2026-11-21T16:00:00Z")
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["import", "-", "--format", "csv"]
    process.environment = cli.environment
    let input = Pipe()
    let errors = cli.folder.appendingPathComponent("errors.txt")
    try Data().write(to: errors)
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    try input.fileHandleForWriting.write(
      contentsOf: Data("date,drink,amount,unit\n2026-11-20 09:00,water,300,ml\n".utf8))
    // The import has the database open and waits for the rest of its input: move it away
    // once /proc shows it so (a bounded wait, not a guessed pause).
    let deadline = ContinuousClock.now + .seconds(60)
    while !Self.waitsForInput(process.processIdentifier, withOpen: cli.databasePath)
      && process.isRunning && ContinuousClock.now < deadline
    {
      usleep(1_000)
    }
    try #require(
      Self.waitsForInput(process.processIdentifier, withOpen: cli.databasePath),
      "the import did not open the database and wait for its input within a minute")
    let moved = cli.databasePath + ".moved"
    for suffix in ["", "-wal", "-shm"] {
      rename(cli.databasePath + suffix, moved + suffix)
    }
    try input.fileHandleForWriting.close()
    try #require(
      process.waitUntilExit(within: ProcessTimeLimit.standard), "the import ran past its limit")
    let message = try String(contentsOf: errors, encoding: .utf8)
    #expect(process.terminationStatus == 1, "\(message)")
    #expect(
      message
        == "error: \(cli.databasePath) was moved, replaced or deleted while the import wrote to"
        + " it, so its entries are not there. Nothing was added to the database now at that"
        + " path; find the database you meant and import again.\n")
  }
}

/// `status` on a full disk reads the database as it is, as it does in a folder it may not
/// write: SQLite cannot create its shared-memory file there, but the file itself is whole.
@Suite struct FullDiskReadTests {
  /// `log` and `status` on a database whose companion files cannot grow (`RLIMIT_FSIZE` 0,
  /// SIGXFSZ ignored: every write past a file's end fails as on a full disk). Unprivileged.
  @Test func statusReadsAndLogChangesNothingUnderAFileSizeLimit() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let result = try cli.shell(
      """
      trap '' XFSZ
      prlimit --fsize=0 "$LIQUIDUS" status; echo "status $?"
      prlimit --fsize=0 "$LIQUIDUS" log water 100ml; echo "log $?"
      """)
    #expect(result.stdout.contains("Today 250 / 2,000 mL"), "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("status 0\n"), "\(result.stdout)\(result.stderr)")
    // SQLite sees a failed write here, not a full disk, so `log` cannot name one; it changes
    // nothing and says so.
    #expect(result.stdout.contains("log 1\n"), "\(result.stdout)")
    #expect(result.stderr.contains("was not changed"), "\(result.stderr)")
  }

  @Test(.enabled(if: DatabaseSafetyTests.canMountTmpfs, "unshare cannot mount a tmpfs here"))
  func statusReadsADatabaseOnAFullDiskAndLogSaysItIsFull() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let (result, database) = try cli.onAFullDisk { database, _ in
      """
        "$LIQUIDUS" --db "\(database)" status
        echo "status $?"
        "$LIQUIDUS" --db "\(database)" log water 100ml
        echo "log $?"
      """
    }
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Today 250 / 2,000 mL"), "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasSuffix("status 0\nlog 1\n"), "\(result.stdout)")
    #expect(
      result.stderr
        == "error: The disk holding \(database) is full. Nothing was changed; free some space and"
        + " try again.\n")
  }
}
