import Foundation
import GRDB
import Testing

@testable import LiquidusModel
@testable import LiquidusSources
@testable import LiquidusStore

/// A Health Connect database copied off a phone while Health Connect had it open comes with a
/// `-wal` file beside it that holds its latest commits. Read as `immutable`, SQLite ignores
/// that file: 2 of 7 drinks, and no word. The reader reads both, from a private copy, and
/// leaves the two files as they were.
@Suite final class HealthConnectWALTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }
  deinit { directory.remove() }

  /// Two drinks in the database file, five more only in its `-wal`, both copied as they lay.
  private func databaseWithCommitsInItsWAL() throws -> URL {
    let live = directory.url.appendingPathComponent("live.db")
    let fixture = HealthConnectExportFixture(
      drinks: [
        .init(rowID: 1, start: 1_795_155_300_000, litres: 0.25),
        .init(rowID: 2, start: 1_795_155_400_000, litres: 0.25),
      ])
    try fixture.writeDatabase(to: live)
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
    }
    let phone = try DatabaseQueue(path: live.path, configuration: configuration)
    try phone.writeWithoutTransaction { db in
      _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
    }
    try phone.write { db in
      for row in Int64(3)...7 {
        try db.execute(
          sql: """
            INSERT INTO hydration_record_table (row_id, uuid, app_info_id, start_time, volume)
            VALUES (?, ?, 1, ?, 0.25)
            """, arguments: [row, Data([UInt8(row)]), 1_795_155_300_000 + row * 100_000])
      }
    }
    let copied = directory.url.appendingPathComponent("copied")
    try FileManager.default.createDirectory(at: copied, withIntermediateDirectories: true)
    let database = copied.appendingPathComponent("health_connect_export.db")
    for suffix in ["", "-wal"] {
      try FileManager.default.copyItem(
        atPath: live.path + suffix, toPath: database.path + suffix)
    }
    try phone.close()
    return database
  }

  @Test func theCommitsInTheWALBesideTheDatabaseAreRead() throws {
    let database = try databaseWithCommitsInItsWAL()
    let folder = database.deletingLastPathComponent()
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let bytes = try before.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
    #expect(before == ["health_connect_export.db", "health_connect_export.db-wal"])
    let events = try readAll(database, as: .healthConnect)
    #expect(events.records.count == 7)
    #expect(events.records.compactMap(\.milliliters) == Array(repeating: 250, count: 7))
    // Nothing was written beside the files, and neither changed.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
    #expect(try before.map { try Data(contentsOf: folder.appendingPathComponent($0)) } == bytes)
  }
}
