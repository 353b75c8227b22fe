import Foundation
import Testing

/// `restore` holds the write lock while it compares the entries before and after, so its cost
/// must grow with the entries, not with their square: 20,000 entries took 16 s when each one
/// scanned a temporary table of all the others (and every `log` meanwhile gave up after 15 s).
@Suite struct RestoreSpeedTests {
  @Test func restoringTwentyThousandEntriesTakesSecondsNotMinutes() throws {
    let cli = try CLI(now: "2026-11-20T14:03:00Z")
    defer { cli.cleanUp() }
    let count = 20_000
    var csv = "date,drink,amount,unit\n"
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let format = ISO8601DateFormatter()
    for index in 0..<count {
      csv += "\(format.string(from: start.addingTimeInterval(Double(index) * 600))),water,250,ml\n"
    }
    let file = cli.folder.appendingPathComponent("many.csv")
    try Data(csv.utf8).write(to: file)
    let imported = try cli.runBinary("import", file.path, "--quiet")
    try #require(imported.status == 0, "\(imported.stderr)")
    let backup = cli.folder.appendingPathComponent("backup.sqlite").path
    try #require(try cli.runBinary("backup", backup).status == 0)
    // Every entry changed after the backup: the restore compares each of them.
    try #require(try cli.runBinary("types", "rename", "water", "Tap water").status == 0)
    let clock = ContinuousClock()
    var restored: CLI.Result?
    let took = try clock.measure { restored = try cli.runBinary("restore", backup) }
    #expect(restored?.status == 0, "\(restored?.stderr ?? "")")
    #expect(took < .seconds(6), "restore of \(count) entries took \(took)")
    let list = try cli.runBinary(
      "list", "--from", "2023-11-01", "--to", "2024-12-31", "--format", "csv")
    #expect(list.stdout.split(separator: "\n").count == count + 1)
  }
}
