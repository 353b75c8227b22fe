import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// Reads another Liquidus database for a merge, without changing it.
  ///
  /// The file is opened read-only through SQLite and read in one transaction, so a database
  /// that its own Liquidus is writing at the same moment (in WAL mode) gives a consistent
  /// snapshot: the commits before the read began, none after, no half of one. The file is never
  /// copied by hand, which could pair a database with a `-wal` file of another moment.
  ///
  /// - Throws: ``StoreError/mergeSourceMissing(path:)`` for a missing file,
  ///   ``StoreError/mergeSourceRejected(path:reason:)`` for one that is not a Liquidus database or from a newer Liquidus, and
  ///   ``StoreError/mergeSourceOutdated(path:)`` for one from before entry ids.
  public static func mergeSnapshot(ofDatabaseAt path: String) throws -> MergeSnapshot {
    guard FileManager.default.fileExists(atPath: path) else {
      throw StoreError.mergeSourceMissing(path: path)
    }
    do {
      do {
        return try readMergeSource(at: path, as: path)
      } catch let error as DatabaseError
        where [.SQLITE_CANTOPEN, .SQLITE_READONLY].contains(error.resultCode)
      {
        // A WAL database in a folder this user may not write: SQLite cannot make the `-shm`
        // file it reads through. With no `-wal` holding commits, the file alone is the whole
        // database and can be read as immutable.
        let wal = try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        guard (wal ?? 0) == 0 else { throw error }
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return try readMergeSource(at: "file:\(encoded)?immutable=1", as: path)
      }
    } catch let error as DatabaseError {
      let reason =
        error.resultCode == .SQLITE_NOTADB
        ? "it is not a SQLite database" : (error.message ?? "\(error.resultCode)")
      throw StoreError.mergeSourceRejected(path: path, reason: reason)
    }
  }

  /// This database as the other side of a merge: what another database would read of it.
  public func mergeSnapshot() throws -> MergeSnapshot {
    try read { db in try Self.snapshot(db, path: path ?? ":memory:") }
  }

  private static func snapshot(_ db: Database, path: String) throws -> MergeSnapshot {
    MergeSnapshot(
      path: path, types: try mergeTypes(db), entries: try mergeEntries(db),
      tombstones: try Row.fetchAll(db, sql: "SELECT uid, deleted_at FROM drink_tombstone")
        .map { Tombstone(uid: $0[0], deletedAt: $0[1]) },
      caffeineRecords: try mergeCaffeineRecords(db),
      // A file from before goal changes (v7) has only its one goal, which a merge leaves.
      goalChanges: try db.tableExists("goal_change") ? goalChanges(db) : [])
  }

  /// The imported caffeine records (those without an import key cannot be told apart and
  /// stay where they are).
  private static func mergeCaffeineRecords(
    _ db: Database
  ) throws -> [MergeSnapshot.CaffeineRecord] {
    try Row.fetchAll(
      db,
      sql: """
        SELECT c.at_utc, c.mg, c.source_name, c.import_key, d.uid
        FROM caffeine c LEFT JOIN drink d ON d.id = c.drink_id
        WHERE c.import_key IS NOT NULL
        """
    ).map { row in
      MergeSnapshot.CaffeineRecord(
        utc: row[0], milligrams: row[1], sourceName: row[2], importKey: row[3], drinkUID: row[4])
    }
  }

  /// Reads the database at `location` (a path or a URI) in one read-only transaction.
  private static func readMergeSource(at location: String, as path: String) throws
    -> MergeSnapshot
  {
    var config = configuration()
    config.readonly = true
    config.label = "liquidus-merge-source"
    let queue = try DatabaseQueue(path: location, configuration: config)
    defer { try? queue.close() }
    return try queue.read { db in
      try checkMergeSource(db, path: path)
      return try snapshot(db, path: path)
    }
  }

  /// Refuses a file that is not a Liquidus database at this schema.
  private static func checkMergeSource(_ db: Database, path: String) throws {
    if let reason = try notOurs(db) {
      throw StoreError.mergeSourceRejected(path: path, reason: reason)
    }
    // Entry ids are what a merge needs; a file at a later migration of this Liquidus merges too.
    guard try migrator.appliedIdentifiers(db).contains(entryIDsMigration) else {
      throw StoreError.mergeSourceOutdated(path: path)
    }
  }

  private static func mergeTypes(_ db: Database) throws -> [MergeSnapshot.TypeInfo] {
    try DrinkType.fetchAll(db).map { type in
      MergeSnapshot.TypeInfo(
        name: type.name, color: type.color, caffeinePer100mL: type.caffeinePer100mL,
        hydrationFactor: type.hydrationFactor, isEnabled: type.isEnabled,
        isArchived: type.isArchived)
    }
  }

  /// Every entry of `db`, with its type's name; an entry written by hand without an id gets
  /// the one its own database would give it (see ``assignMissingIDs(_:)``).
  static func mergeEntries(_ db: Database) throws -> [EntryVersion] {
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT d.id, d.uid, t.name, t.name_key, d.volume_ml, d.at_utc, d.note, d.source,
          d.source_name, d.caffeine_mg, d.import_key, d.modified_at
        FROM drink d JOIN drink_type t ON t.id = d.type_id
        """)
    var entries: [EntryVersion] = []
    while let row = try rows.next() {
      let importKey: String? = row["import_key"]
      let utc: String = row["at_utc"]
      let modified: String = row["modified_at"]
      let id =
        (row["uid"] as String?)
        ?? EntryUID.forStoredEntry(
          importKey: importKey, rowID: row["id"], typeKey: row["name_key"],
          milliliters: row["volume_ml"], utc: utc, note: row["note"])
      entries.append(
        EntryVersion(
          uid: id, typeName: row["name"], milliliters: row["volume_ml"], utc: utc,
          note: row["note"], source: DrinkSource(rawValue: row["source"] ?? "") ?? .imported,
          sourceName: row["source_name"], caffeine: row["caffeine_mg"] ?? 0,
          importKey: importKey, modifiedAt: modified.isEmpty ? utc : modified))
    }
    return entries
  }
}
