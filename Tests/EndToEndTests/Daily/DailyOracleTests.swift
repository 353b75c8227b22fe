import Foundation
import LiquidusTestSupport
import Testing

/// `export --daily` against an oracle that shares no code with it: `Tests/Oracles/
/// daily_oracle.py` reads the same database with Python's zoneinfo and computes every column
/// of every day of the sample year, both daylight-saving days included.
@Suite struct DailyOracleTests {
  /// Columns written to 0.01 (millilitres, percent) or 0.1 (milligrams): compared within it.
  static let tolerance: [String: Double] = ["caffeine_mg": 0.051]

  @Test func everyColumnOfEveryDayAgreesWithTheOracle() throws {
    let year = try SampleYear()
    defer { year.cleanUp() }
    let exported = try year.cli.run("export", "--daily")
    try #require(exported.status == 0, "\(exported.stderr)")
    let config = try ImportSupport.file(year.cli, "oracle.json", SampleYear.oracleConfig)
    let oracle = try Python.run(
      SampleYear.root.appendingPathComponent("Tests/Oracles/daily_oracle.py").path,
      year.cli.databasePath, config, SampleYear.firstDay, SampleYear.lastDay)
    try #require(oracle.status == 0, "\(oracle.stderr)")

    let expected = SampleYear.table(oracle.stdout)
    let actual = SampleYear.table(exported.stdout)
    #expect(
      exported.stdout.prefix(while: { $0 != "\n" }) == oracle.stdout.prefix(while: { $0 != "\n" }))
    #expect(expected.count == 365 && actual.count == expected.count)
    var mismatches: [String] = []
    for (want, got) in zip(expected, actual) {
      for (column, value) in want.sorted(by: { $0.key < $1.key }) {
        let written = got[column] ?? "<missing>"
        if let number = Double(value), column != "date" {
          let allowed = Self.tolerance[column] ?? 0.011
          if let read = Double(written), abs(read - number) <= allowed { continue }
        } else if written == value {
          continue
        }
        mismatches.append("\(want["date"] ?? "?") \(column): \(written), oracle \(value)")
      }
    }
    #expect(
      mismatches.isEmpty,
      "\(mismatches.count) cells differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    // The days that make the columns interesting are there, as the oracle has them.
    let byDate = Dictionary(uniqueKeysWithValues: actual.map { ($0["date"] ?? "", $0) })
    #expect(byDate["2026-03-29"]?["day_hours"] == "23")
    #expect(byDate["2026-10-25"]?["day_hours"] == "25")
    #expect(byDate["2026-08-01"]?["goal_kind"] == "limit")
    #expect(byDate["2026-11-20"]?["complete"] == "false")
    #expect(byDate["2026-06-15"]?["sources"] != "1")
  }
}

/// Runs the system's python3 on a script of the repository's.
enum Python {
  static func run(_ script: String, _ arguments: String...) throws -> CLI.Result {
    try run(executable: "/usr/bin/python3", [script] + arguments)
  }

  static func run(executable: String, _ arguments: [String]) throws -> CLI.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read before waiting: a full pipe would block the script forever.
    let ((stdout, stderr), timedOut) = process.bounded {
      defer { process.waitUntilExit() }
      return (
        output.fileHandleForReading.readDataToEndOfFile(),
        errors.fileHandleForReading.readDataToEndOfFile()
      )
    }
    if timedOut { Issue.record("\(process.commandLine) ran past its limit and was killed") }
    return CLI.Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }
}
