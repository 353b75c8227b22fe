import Foundation
import GRDB
import Testing

/// Schema v12 stores instants as milliseconds and entry ids as 16 bytes, and decides a
/// re-import on the id alone. What a person had before must still be found: a device still on
/// v11 merges in with every id and time as it was, and an entry imported by a release whose ids
/// were not yet derived from import keys is still found by a re-import of its record.
@Suite struct SlimSchemaTests {
  static let fixture = UpgradeTests.fixtures[1]
  static let export = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("LibraryTests/Fixtures/export.xml").path

  /// `id|time|volume` of every entry, read from a v11 file (text) or a v12 one (rendered as
  /// that text), so the two compare directly.
  static func entries(_ path: String) throws -> Set<String> {
    var configuration = Configuration()
    configuration.readonly = true
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    defer { try? queue.close() }
    return try queue.read { db in
      let slim = try db.columns(in: "drink").contains { $0.name == "at_ms" }
      let (uid, time) =
        slim
        ? (ImportSupport.uidText("uid"), ImportSupport.instantText("at_ms")) : ("uid", "at_utc")
      return Set(
        try String.fetchAll(
          db, sql: "SELECT \(uid) || '|' || \(time) || '|' || volume_ml FROM drink"))
    }
  }

  @Test func aDatabaseOfTheOlderSchemaMergesInWithItsIDsAndTimes() throws {
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    #expect(try cli.run("log", "water", "250ml", "--at", "10:00").status == 0)
    let other = cli.folder.appendingPathComponent("laptop.sqlite").path
    try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: other)
    let theirs = try Self.entries(other)
    #expect(theirs.count > 30)

    let merged = try cli.run("merge", other)
    #expect(merged.status == 0, "\(merged.stderr)")
    let mine = try Self.entries(cli.databasePath)
    #expect(theirs.isSubset(of: mine), "\(theirs.subtracting(mine).sorted().prefix(3))")
    #expect(mine.count == theirs.count + 1)
    // The other file was only read: still v11, still its own rows.
    #expect(try Self.entries(other) == theirs)
    let again = try cli.run("merge", other)
    #expect(again.stdout.contains(": 0 added, 0 updated, 0 deleted"), "\(again.stdout)")
  }

  @Test func anEntryImportedBeforeIDsCameFromKeysIsFoundByAReimport() throws {
    let cli = try UpgradeTests.cli(on: Self.fixture)
    defer { cli.cleanUp() }
    // An early release gave imported entries ids of their own; this one is such an entry.
    let aged = try cli.shell(
      "sqlite3 '\(cli.databasePath)' \"UPDATE drink SET uid = "
        + "'00000000-0000-4000-8000-00000000000a' WHERE id = "
        + "(SELECT MIN(id) FROM drink WHERE import_key IS NOT NULL)\"")
    try #require(aged.status == 0, "\(aged.stderr)")
    let before = try Self.entries(cli.databasePath)

    let again = try cli.run("import", Self.export)
    #expect(again.stdout.contains("Added 0 entries"), "\(again.stdout)")
    #expect(try Self.entries(cli.databasePath) == before)
    #expect(try ImportSupport.count(cli, "drink_legacy_key") == 1)
  }
}
