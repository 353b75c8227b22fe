import Foundation
import GRDB
import GRDBSQLite
import LiquidusModel

/// Inserts imported records, deciding for each whether it is new, a repeat within the file, or
/// a duplicate of an earlier import, and counts the outcomes.
///
/// Records are queued per table and inserted by multi-row statements (see ``ImportTable``);
/// call ``flush()`` before a transaction ends. The statements are GRDB statements stepped
/// through the raw SQLite API: binding the same statement a million times without building
/// `StatementArguments` (an array of enums per row) keeps the database side of an import cheap.
///
/// Occurrences (see ``ImportKey``) are decided with the database's own unique index, so memory
/// stays flat however large the file: a conflicting key is either held by a row this file
/// inserted (so this record is the next occurrence) or by an older import (a duplicate, unless
/// an earlier record of this file already matched that older row, which `temp.import_claim`
/// remembers). Records normally insert on the first try; the lookups cost only on conflicts.
/// A chunk's conflicting rows are decided after its other rows, which gives the same outcome
/// as going in file order: chunk rows only ever take occurrence 1, conflicting rows only 2 and
/// up (or a claim), and the conflicting rows are decided in file order.
final class ImportWriter {
  /// What happened to one record.
  enum Outcome { case added, duplicate }

  /// Drinks added per type id, caffeine records added, and duplicates skipped, so far.
  private(set) var addedByTypeID: [DrinkType.ID: Int] = [:]
  private(set) var caffeineAdded = 0
  private(set) var duplicates = 0

  private let db: Database
  private let drinks: ImportTable
  private let caffeine: ImportTable
  private let claim: Statement
  private let deleted: Statement
  /// Finds a legacy key (see ``skipLegacyKeys``); nil when the database holds none.
  private let legacy: Statement?
  private var key = ImportKey()
  /// The time of this import, for the tombstones of rows it takes back; nil for none.
  private let modifiedAt: Date?
  private var dayTotals = DayTotalTriggers()

  /// Prepares the statements on `db` and empties this connection's claim table.
  init(_ db: Database, modifiedAt: Date?) throws {
    self.db = db
    self.modifiedAt = modifiedAt
    // A 64 MiB page cache (the default is 2 MiB) keeps the indexes of a large import in memory
    // instead of spilling and re-reading pages in every batch; it also caps memory, so a
    // 5-million-record export needs no more than a 1-million one.
    try db.execute(sql: "PRAGMA cache_size = -65536")
    // Each multi-row INSERT ... ON CONFLICT keeps a statement journal (the pages it changed, to
    // undo the statement alone); in a temporary file, that was more than half of an import's
    // page writes (83,000 of 155,000 for a 1M-record export). In memory it is a few pages.
    try db.execute(sql: "PRAGMA temp_store = MEMORY")
    try db.execute(
      sql: """
        CREATE TEMP TABLE IF NOT EXISTS import_claim (key TEXT PRIMARY KEY) WITHOUT ROWID;
        DELETE FROM temp.import_claim;
        """)
    // An imported entry's modification time is the record's own instant, not the time of the
    // import: two devices importing the same export then agree on it, and a later import on
    // one of them never outdates an edit or a deletion made meanwhile on the other (which a
    // merge would otherwise undo).
    drinks = try ImportTable(.drink, db)
    caffeine = try ImportTable(.caffeine, db)
    claim = try db.makeStatement(
      sql: "INSERT INTO temp.import_claim (key) VALUES (?) ON CONFLICT DO NOTHING")
    deleted = try db.makeStatement(sql: "SELECT 1 FROM drink_tombstone WHERE uid = ?")
    try Self.skipDeletedEntries(db)
    legacy =
      try Self.skipLegacyKeys(db)
      ? db.makeStatement(sql: "SELECT 1 FROM drink_legacy_key WHERE import_key = ?") : nil
  }

  /// Entries imported before entry ids were derived from import keys (see migration v12) have
  /// other ids, so a record imported again would not conflict with its entry. While such
  /// entries exist (their keys are in `drink_legacy_key`), a temporary trigger ignores the
  /// insert of their keys, and the one-row path counts them as duplicates. Most databases have
  /// none, and pay nothing. Removed again by ``stopSkippingDeletedEntries``.
  /// - Returns: whether there are such entries.
  private static func skipLegacyKeys(_ db: Database) throws -> Bool {
    try db.execute(sql: "DROP TRIGGER IF EXISTS temp.import_skips_legacy")
    guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM drink_legacy_key)") == true
    else { return false }
    try db.execute(
      sql: """
        CREATE TEMP TRIGGER import_skips_legacy BEFORE INSERT ON main.drink
        WHEN EXISTS (SELECT 1 FROM main.drink_legacy_key WHERE import_key = NEW.import_key)
        BEGIN SELECT RAISE(IGNORE); END
        """)
    return true
  }

  /// A drink deleted here (it has a tombstone) stays deleted when the export that held it is
  /// imported again: a temporary trigger on this connection ignores its insert, and the
  /// one-row path then counts it like a duplicate. Only while tombstones exist, since the
  /// trigger costs every inserted row a lookup; removed again by ``stopSkippingDeletedEntries``.
  private static func skipDeletedEntries(_ db: Database) throws {
    try db.execute(sql: "DROP TRIGGER IF EXISTS temp.import_skips_deleted")
    guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM drink_tombstone)") == true
    else { return }
    try db.execute(
      sql: """
        CREATE TEMP TRIGGER import_skips_deleted BEFORE INSERT ON main.drink
        WHEN EXISTS (SELECT 1 FROM main.drink_tombstone WHERE uid = NEW.uid)
        BEGIN SELECT RAISE(IGNORE); END
        """)
  }

  /// Removes the trigger of ``skipDeletedEntries``, so that other writes on this connection
  /// (a `merge` that brings an entry back on purpose) are not ignored.
  static func stopSkippingDeletedEntries(_ db: Database) {
    try? db.execute(sql: "DROP TRIGGER IF EXISTS temp.import_skips_deleted")
    try? db.execute(sql: "DROP TRIGGER IF EXISTS temp.import_skips_legacy")
  }

  /// Call right after each BEGIN.
  func transactionBegan() throws {
    try dayTotals.suspend(db)
    try drinks.transactionBegan(db)
    try caffeine.transactionBegan(db)
  }

  /// Call right before each COMMIT: inserts what is queued.
  func transactionWillCommit() throws {
    try flush()
    try drinks.transactionWillCommit(db)
    try caffeine.transactionWillCommit(db)
    try dayTotals.resume(db)
  }

  /// Notes a change to existing rows at `instant` (a Food link giving a drink its caffeine),
  /// so that the cached totals of its day are dropped at the commit.
  func touch(_ instant: Date) {
    dayTotals.touch(instant.millisecondsSince1970)
  }

  /// Queues a drink; it is inserted unless an earlier import already holds it. Its key (and
  /// id) is `prepared` when the reading thread built it, else built here from the other
  /// fields.
  func addDrink(
    typeID: DrinkType.ID, milliliters: Double, caffeine: Double, milliseconds: Int64, note: String?,
    source: String?, typeKey: @autoclosure () -> [UInt8], sourceKey: @autoclosure () -> [UInt8],
    prepared: ImportKeyBatch.Key?
  ) throws {
    dayTotals.touch(milliseconds)
    if let prepared {
      drinks.pending.append(
        typeID: typeID.rawValue, amount: milliliters, caffeine: caffeine,
        milliseconds: milliseconds, note: note, source: source, prepared: prepared)
    } else {
      key.build(
        kind: UInt8(ascii: "d"), milliseconds: milliseconds, amount: milliliters,
        typeKey: typeKey(), sourceKey: sourceKey())
      drinks.pending.append(
        typeID: typeID.rawValue, amount: milliliters, caffeine: caffeine,
        milliseconds: milliseconds, note: note, source: source, key: key, withUID: true)
    }
    if drinks.pending.count == ImportTable.rowsPerStatement { try insertPending(drinks) }
  }

  /// Queues a caffeine record; it is inserted unless an earlier import already holds it. Its
  /// key is `prepared` when the reading thread built it.
  func addCaffeine(
    milligrams: Double, milliseconds: Int64, sourceName: String?,
    sourceKey: @autoclosure () -> [UInt8], prepared: ImportKeyBatch.Key?
  ) throws {
    dayTotals.touch(milliseconds)
    if let prepared {
      caffeine.pending.append(
        typeID: 0, amount: milligrams, milliseconds: milliseconds, note: sourceName,
        prepared: prepared)
    } else {
      key.build(
        kind: UInt8(ascii: "c"), milliseconds: milliseconds, amount: milligrams, typeKey: [],
        sourceKey: sourceKey())
      caffeine.pending.append(
        typeID: 0, amount: milligrams, milliseconds: milliseconds, note: sourceName, key: key)
    }
    if caffeine.pending.count == ImportTable.rowsPerStatement { try insertPending(caffeine) }
  }

  /// Inserts every queued record, so that the counts are complete.
  /// Deletes every row this import committed, in both tables.
  func deleteCommittedRows() throws {
    try drinks.deleteCommittedRows(db, now: modifiedAt)
    try caffeine.deleteCommittedRows(db, now: modifiedAt)
  }

  func flush() throws {
    try insertPending(drinks)
    try insertPending(caffeine)
  }

  /// The queued rows go in as one statement; rows it could not insert take the one-row path.
  private func insertPending(_ table: ImportTable) throws {
    defer { table.pending.removeAll() }
    try table.insertQueued(db)
    for index in 0..<table.pending.count {
      let outcome: Outcome
      if table.inserted[index] {
        outcome = .added
      } else {
        outcome = try insertOne(index, table)
      }
      count(outcome, table.pending.rows[index], table.kind)
    }
  }

  private func count(_ outcome: Outcome, _ row: PendingRows.Row, _ kind: ImportTable.Kind) {
    switch (outcome, kind) {
    case (.added, .drink): addedByTypeID[DrinkType.ID(rawValue: row.typeID), default: 0] += 1
    case (.added, .caffeine): caffeineAdded += 1
    case (.duplicate, _): duplicates += 1
    }
  }

  /// Tries occurrence 1, 2, ... of row `index`'s key until it is inserted or found to be a
  /// duplicate (see the type's discussion).
  private func insertOne(_ index: Int, _ table: ImportTable) throws -> Outcome {
    let row = table.pending.rows[index]
    key.load(
      prefix: table.pending.bytes[row.key.lowerBound..<row.key.lowerBound + row.keyPrefixCount])
    let statement = table.single.sqliteStatement
    return try table.pending.bytes.withUnsafeBufferPointer { text in
      table.bind(row, from: 1, to: statement, text: text, withKey: false)
      var occurrence = 1
      while true {
        if occurrence > 1 { key.setOccurrence(occurrence) }
        bindKey(statement, table.keyIndex)
        if table.kind == .drink { table.bindEntryID(statement, table.keyIndex + 1, key: key.bytes) }
        try step(statement)
        if sqlite3_changes(db.sqliteConnection) == 1 { return .added }
        // Taken by an entry deleted here (see skipDeletedEntries), or held by a row: either
        // way this occurrence exists already, and an older one is a duplicate to claim.
        let takenByDeleted = try table.kind == .drink && isDeleted(key.bytes)
        let heldBefore =
          try takenByDeleted || (table.kind == .drink && isLegacy(key.bytes))
          || !table.owns(holderID(table))
        if heldBefore {
          bindKey(claim.sqliteStatement, 1)
          try step(claim.sqliteStatement)
          if sqlite3_changes(db.sqliteConnection) == 1 { return .duplicate }
        }
        occurrence += 1
      }
    }
  }

  /// Whether the drink imported under `key` was deleted here.
  private func isDeleted(_ key: [UInt8]) throws -> Bool {
    let statement = deleted.sqliteStatement
    defer { sqlite3_reset(statement) }
    let uid = EntryUID.bytes(forImportKey: key)
    uid.withUnsafeBufferPointer { buffer in
      _ = sqlite3_bind_blob(statement, 1, buffer.baseAddress, Int32(buffer.count), sqliteTransient)
    }
    let code = sqlite3_step(statement)
    guard code == SQLITE_ROW || code == SQLITE_DONE else { throw ImportTable.error(code, db) }
    return code == SQLITE_ROW
  }

  /// Whether an entry imported here before entry ids were derived from keys holds `key` (see
  /// ``skipLegacyKeys``).
  private func isLegacy(_ key: [UInt8]) throws -> Bool {
    guard let legacy else { return false }
    let statement = legacy.sqliteStatement
    defer { sqlite3_reset(statement) }
    key.withUnsafeBufferPointer { buffer in
      _ = sqlite3_bind_text(
        statement, 1, UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: CChar.self),
        Int32(buffer.count), sqliteTransient)
    }
    let code = sqlite3_step(statement)
    guard code == SQLITE_ROW || code == SQLITE_DONE else { throw ImportTable.error(code, db) }
    return code == SQLITE_ROW
  }

  private func holderID(_ table: ImportTable) throws -> Int64 {
    let statement = table.holder.sqliteStatement
    defer { sqlite3_reset(statement) }
    table.bindHolderKey(key.bytes)
    let code = sqlite3_step(statement)
    guard code == SQLITE_ROW else { throw ImportTable.error(code, db) }
    return sqlite3_column_int64(statement, 0)
  }

  private func step(_ statement: SQLiteStatement) throws {
    let code = sqlite3_step(statement)
    sqlite3_reset(statement)
    guard code == SQLITE_DONE else { throw ImportTable.error(code, db) }
  }

  /// Binds the current key, copied (it changes before the next step).
  private func bindKey(_ statement: SQLiteStatement, _ index: Int32) {
    key.bytes.withUnsafeBufferPointer { buffer in
      _ = sqlite3_bind_text(
        statement, index, UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: CChar.self),
        Int32(buffer.count), sqliteTransient)
    }
  }
}

/// SQLite's "copy the bytes now" destructor, which Swift cannot spell as a constant.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
