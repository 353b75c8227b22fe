import Foundation
import Testing

/// Files Liquidus must not write to: one a newer Liquidus stamped, and one with flipped bytes.
@Suite struct DatabaseIntegrityTests {
  private func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  @Test func aSchemaVersionFromTheFutureIsRefusedAndNotRewritten() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    // Only the header says "newer": the migrations table is still this version's.
    let marked = try cli.shell("sqlite3 '\(cli.databasePath)' 'PRAGMA user_version = 15;'")
    try #require(marked.status == 0, "the sqlite3 shell is needed: \(marked.stderr)")
    let before = try bytes(cli.databasePath)
    let result = try cli.run("log", "water", "250ml")
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("newer Liquidus (schema version 15; this Liquidus knows up to 14)"))
    #expect(try bytes(cli.databasePath) == before)
    let version = try cli.shell("sqlite3 '\(cli.databasePath)' 'PRAGMA user_version;'")
    #expect(version.stdout == "15\n")
  }

  @Test func aFileWithFlippedBytesIsNotWrittenToButStillRead() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for minute in 0..<30 {
      try cli.run("log", "water", "\(minute + 1)ml", "--at", "08:\(minute + 10)", "--note", "n")
    }
    try cli.run("goal", "2.5l")
    // Damage the drink table's first page: the cell pointers just after its header.
    let page = try cli.shell(
      "sqlite3 '\(cli.databasePath)' \"SELECT rootpage FROM sqlite_master WHERE name = 'drink'\"")
    let root = try #require(Int(page.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    var data = try bytes(cli.databasePath)
    let pageSize = Int(data[16]) << 8 | Int(data[17])
    for offset in 0..<4 { data[(root - 1) * pageSize + 8 + offset] ^= 0x5A }
    try data.write(to: URL(fileURLWithPath: cli.databasePath))

    let result = try cli.run("log", "water", "250ml")
    #expect(result.status == 1)
    #expect(result.stderr.contains("is damaged (SQLite's check found:"), "\(result.stderr)")
    #expect(result.stderr.contains("`liquidus restore FILE`"))
    #expect(try bytes(cli.databasePath) == data, "nothing was written")
    // What can still be read is.
    let goal = try cli.run("goal")
    #expect(goal.status == 0 && goal.stdout == "Daily goal: 2,500 mL\n", "\(goal.stderr)")
  }
}

/// A database in a folder its reader may not write to (a shared or mounted read-only folder).
@Suite struct ReadOnlyFolderTests {
  @Test func readsWorkAndWritesSayWhyNot() throws {
    // The commands run as a user who may not write the folder (CLI.runUnprivileged).
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    try cli.makeDatabaseReadOnlyForUnprivileged()
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    let status = try cli.runUnprivileged("status")
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout.contains("Today 250 / 2,000 mL"))
    let list = try cli.runUnprivileged("list --format csv")
    #expect(list.status == 0 && list.stdout.contains(",Water,250,mL,"), "\(list.stderr)")
    let log = try cli.runUnprivileged("log water 100ml")
    #expect(log.status == 1)
    #expect(log.stderr.contains("cannot be written"), "\(log.stderr)")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(leftovers == ["liquidus.sqlite"], "\(leftovers)")
  }
}
