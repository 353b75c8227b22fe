import Foundation
import Testing

/// `restore` of a backup after every one of 20,000 entries changed brings each back as it was.
/// How long it takes (it holds the write lock while it compares the entries, so its cost must
/// grow with the entries, not with their square) is measured by `Scripts/bench-restore` on the
/// release binary: a time limit here, on a debug build of a busy machine, proved nothing.
@Suite struct LargeRestoreTests {
  @Test func restoringTwentyThousandChangedEntriesBringsEachBack() throws {
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
    let restored = try cli.runBinary("restore", backup)
    #expect(restored.status == 0, "\(restored.stderr)")
    let list = try cli.runBinary(
      "list", "--from", "2023-11-01", "--to", "2024-12-31", "--format", "csv")
    let rows = list.stdout.split(separator: "\n").dropFirst()
    #expect(rows.count == count)
    // Every entry is the backup's again: water, not the renamed type.
    #expect(rows.allSatisfy { $0.contains(",Water,") }, "\(rows.prefix(3))")
    #expect(try cli.runBinary("types").stdout.contains("Water"))
  }
}
