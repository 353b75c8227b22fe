import Foundation
import GRDB
import GRDBSQLite

/// Inserts imported records through two prepared statements, deciding for each record whether
/// it is new, a repeat within the file, or a duplicate of an earlier import.
///
/// The statements are GRDB statements stepped through the raw SQLite API: binding the same
/// statement a million times without building `StatementArguments` (an array of enums per row)
/// is what keeps the database side of an import below the time it takes to read the file.
///
/// Occurrences (see ``ImportKey``) are decided with the database's own unique index, so memory
/// stays flat however large the file: a conflicting key is either held by a row this file
/// inserted (so this record is the next occurrence) or by an older import (a duplicate, unless
/// an earlier record of this file already matched that older row, which `temp.import_claim`
/// remembers). Records normally insert on the first try; the lookups cost only on conflicts.
final class ImportWriter {
  /// What happened to one record.
  enum Outcome { case added, duplicate }

  private let db: Database
  private let insertDrink: Statement
  private let insertCaffeine: Statement
  private let drinkHolder: Statement
  private let caffeineHolder: Statement
  private let claim: Statement
  /// Rowids this file inserted, per table: one closed range per transaction.
  private var ownDrinkIDs: [ClosedRange<Int64>] = []
  private var ownCaffeineIDs: [ClosedRange<Int64>] = []
  private var batchDrinkFloor: Int64 = 0
  private var batchCaffeineFloor: Int64 = 0
  private var key = ImportKey()
  private var timestamp: [UInt8] = []

  /// Prepares the statements on `db` and empties this connection's claim table.
  init(_ db: Database) throws {
    self.db = db
    // A 64 MiB page cache (the default is 2 MiB) keeps the indexes of a large import in memory
    // instead of spilling and re-reading pages in every batch; it also caps memory, so a
    // 5-million-record export needs no more than a 1-million one.
    try db.execute(sql: "PRAGMA cache_size = -65536")
    try db.execute(
      sql: """
        CREATE TEMP TABLE IF NOT EXISTS import_claim (key TEXT PRIMARY KEY) WITHOUT ROWID;
        DELETE FROM temp.import_claim;
        """)
    insertDrink = try db.makeStatement(
      sql: """
        INSERT INTO drink (type_id, volume_ml, at_utc, note, source, import_key)
        VALUES (?, ?, ?, ?, 'imported', ?)
        ON CONFLICT(import_key) WHERE import_key IS NOT NULL DO NOTHING
        """)
    insertCaffeine = try db.makeStatement(
      sql: """
        INSERT INTO caffeine (at_utc, mg, source_name, import_key) VALUES (?, ?, ?, ?)
        ON CONFLICT(import_key) DO NOTHING
        """)
    drinkHolder = try db.makeStatement(sql: "SELECT id FROM drink WHERE import_key = ?")
    caffeineHolder = try db.makeStatement(sql: "SELECT id FROM caffeine WHERE import_key = ?")
    claim = try db.makeStatement(
      sql: "INSERT INTO temp.import_claim (key) VALUES (?) ON CONFLICT DO NOTHING")
    timestamp.reserveCapacity(32)
  }

  /// Call right after each BEGIN: rows above these ids are this transaction's own.
  func transactionBegan() throws {
    batchDrinkFloor = try Self.maxID("drink", db)
    batchCaffeineFloor = try Self.maxID("caffeine", db)
  }

  /// Call right before each COMMIT, so later transactions still recognise these rows.
  func transactionWillCommit() throws {
    let drinks = try Self.maxID("drink", db)
    if drinks > batchDrinkFloor { ownDrinkIDs.append((batchDrinkFloor + 1)...drinks) }
    let caffeine = try Self.maxID("caffeine", db)
    if caffeine > batchCaffeineFloor {
      ownCaffeineIDs.append((batchCaffeineFloor + 1)...caffeine)
    }
  }

  /// Inserts a drink unless an earlier import already holds it.
  func addDrink(
    typeID: Int64, milliliters: Double, milliseconds: Int64, note: String?,
    typeKey: [UInt8], sourceKey: [UInt8]
  ) throws -> Outcome {
    key.build(
      kind: UInt8(ascii: "d"), milliseconds: milliseconds, amount: milliliters, typeKey: typeKey,
      sourceKey: sourceKey)
    formatUTC(milliseconds)
    let statement = insertDrink.sqliteStatement
    sqlite3_bind_int64(statement, 1, typeID)
    sqlite3_bind_double(statement, 2, milliliters)
    bindBytes(statement, 3, timestamp)
    if let note { bindText(statement, 4, note) } else { sqlite3_bind_null(statement, 4) }
    return try insert(statement, keyIndex: 5, holder: drinkHolder) { [self] id in
      ownsDrink(id)
    }
  }

  /// Inserts a caffeine record unless an earlier import already holds it.
  func addCaffeine(
    milligrams: Double, milliseconds: Int64, sourceName: String?, sourceKey: [UInt8]
  ) throws -> Outcome {
    key.build(
      kind: UInt8(ascii: "c"), milliseconds: milliseconds, amount: milligrams, typeKey: [],
      sourceKey: sourceKey)
    formatUTC(milliseconds)
    let statement = insertCaffeine.sqliteStatement
    bindBytes(statement, 1, timestamp)
    sqlite3_bind_double(statement, 2, milligrams)
    if let sourceName {
      bindText(statement, 3, sourceName)
    } else {
      sqlite3_bind_null(statement, 3)
    }
    return try insert(statement, keyIndex: 4, holder: caffeineHolder) { [self] id in
      ownsCaffeine(id)
    }
  }

  /// Tries occurrence 1, 2, ... of the current key until it is inserted or found to be a
  /// duplicate (see the type's discussion).
  private func insert(
    _ statement: SQLiteStatement, keyIndex: Int32, holder: Statement, owns: (Int64) -> Bool
  ) throws -> Outcome {
    var occurrence = 1
    while true {
      if occurrence > 1 { key.setOccurrence(occurrence) }
      bindBytes(statement, keyIndex, key.bytes)
      try step(statement)
      if sqlite3_changes(db.sqliteConnection) == 1 { return .added }
      let holderID = try lookUp(holder.sqliteStatement)
      if !owns(holderID) {
        bindBytes(claim.sqliteStatement, 1, key.bytes)
        try step(claim.sqliteStatement)
        if sqlite3_changes(db.sqliteConnection) == 1 { return .duplicate }
      }
      occurrence += 1
    }
  }

  private func ownsDrink(_ id: Int64) -> Bool {
    id > batchDrinkFloor || ownDrinkIDs.contains { $0.contains(id) }
  }

  private func ownsCaffeine(_ id: Int64) -> Bool {
    id > batchCaffeineFloor || ownCaffeineIDs.contains { $0.contains(id) }
  }

  private func lookUp(_ statement: SQLiteStatement) throws -> Int64 {
    defer { sqlite3_reset(statement) }
    bindBytes(statement, 1, key.bytes)
    let code = sqlite3_step(statement)
    guard code == SQLITE_ROW else { throw error(code) }
    return sqlite3_column_int64(statement, 0)
  }

  private func step(_ statement: SQLiteStatement) throws {
    let code = sqlite3_step(statement)
    sqlite3_reset(statement)
    guard code == SQLITE_DONE else { throw error(code) }
  }

  private func error(_ code: Int32) -> DatabaseError {
    DatabaseError(
      resultCode: ResultCode(rawValue: code),
      message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
  }

  private func formatUTC(_ milliseconds: Int64) {
    timestamp.removeAll(keepingCapacity: true)
    CivilTime.append(
      milliseconds, separator: UInt8(ascii: " "), alwaysMilliseconds: true, to: &timestamp)
  }

  private func bindBytes(_ statement: SQLiteStatement, _ index: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      _ = sqlite3_bind_text(
        statement, index, UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: CChar.self),
        Int32(buffer.count), sqliteTransient)
    }
  }

  private func bindText(_ statement: SQLiteStatement, _ index: Int32, _ text: String) {
    var text = text
    text.withUTF8 { buffer in
      _ = sqlite3_bind_text(
        statement, index, UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: CChar.self),
        Int32(buffer.count), sqliteTransient)
    }
  }

  private static func maxID(_ table: String, _ db: Database) throws -> Int64 {
    // The table names are the two constants above, never user input.
    try Int64.fetchOne(db, sql: "SELECT IFNULL(MAX(id), 0) FROM \(table)") ?? 0
  }
}

/// SQLite's "copy the bytes now" destructor, which Swift cannot spell as a constant.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
