import Foundation
import GRDB
import GRDBSQLite

/// One table an import writes to (`drink` or `caffeine`): its prepared statements, the rows
/// queued for the next multi-row INSERT, and the rowids this file's import inserted there.
///
/// Rows go in ``rowsPerStatement`` at a time. SQLite's per-statement work (opening and freeing
/// six cursors, updating `sqlite_sequence`, the statement journal) cost more than inserting the
/// row itself; one statement per chunk pays it once. A chunk whose rows all insert (every chunk
/// of a first import) needs nothing more; when some conflict, ``insertChunk(_:)`` works out
/// which, and ``ImportWriter`` sends just those through its one-row occurrence logic.
final class ImportTable {
  enum Kind { case drink, caffeine }

  /// Rows per multi-row INSERT: the per-statement cost shrinks to a sixty-fourth while the
  /// statement stays small (320 parameters, far below SQLite's limits).
  static let rowsPerStatement = 64

  let kind: Kind
  var pending = PendingRows(capacity: ImportTable.rowsPerStatement)
  /// The one-row INSERT, for conflicting rows and the last few rows of a transaction.
  let single: Statement
  /// Finds the row that holds a key.
  let holder: Statement
  /// The parameter number of the key in ``single``.
  let keyIndex: Int32
  private let chunk: Statement
  private let newestKeys: Statement
  private let maxID: Statement
  private let parametersPerRow: Int32
  /// Which rows of the last chunk inserted, when not all of them did.
  private(set) var inserted: [Bool] = []
  /// Rowids this file inserted: one closed range per committed transaction.
  private var ownIDs: [ClosedRange<Int64>] = []
  private var floor: Int64 = 0

  init(_ kind: Kind, _ db: Database) throws {
    self.kind = kind
    // Every piece of SQL here is one of these constants, never input.
    let table: String
    let values: String
    let conflict: String
    switch kind {
    case .drink:
      table = "drink (type_id, volume_ml, at_utc, note, source, import_key)"
      values = "(?, ?, ?, ?, 'imported', ?)"
      conflict = "ON CONFLICT(import_key) WHERE import_key IS NOT NULL DO NOTHING"
      parametersPerRow = 5
    case .caffeine:
      table = "caffeine (at_utc, mg, source_name, import_key)"
      values = "(?, ?, ?, ?)"
      conflict = "ON CONFLICT(import_key) DO NOTHING"
      parametersPerRow = 4
    }
    let name = kind == .drink ? "drink" : "caffeine"
    keyIndex = parametersPerRow
    single = try db.makeStatement(sql: "INSERT INTO \(table) VALUES \(values) \(conflict)")
    let allValues = repeatElement(values, count: Self.rowsPerStatement).joined(separator: ", ")
    chunk = try db.makeStatement(sql: "INSERT INTO \(table) VALUES \(allValues) \(conflict)")
    holder = try db.makeStatement(sql: "SELECT id FROM \(name) WHERE import_key = ?")
    newestKeys = try db.makeStatement(
      sql: """
        SELECT import_key FROM (SELECT id, import_key FROM \(name) ORDER BY id DESC LIMIT ?)
        ORDER BY id
        """)
    maxID = try db.makeStatement(sql: "SELECT IFNULL(MAX(id), 0) FROM \(name)")
  }

  /// Call right after each BEGIN: rows above this id are this transaction's own.
  func transactionBegan(_ db: Database) throws {
    floor = try largestID(db)
  }

  /// Call right before each COMMIT (queued rows inserted), so later transactions still
  /// recognise this one's rows.
  func transactionWillCommit(_ db: Database) throws {
    let largest = try largestID(db)
    if largest > floor { ownIDs.append((floor + 1)...largest) }
  }

  /// Whether this file's import inserted row `id`.
  func owns(_ id: Int64) -> Bool {
    id > floor || ownIDs.contains { $0.contains(id) }
  }

  /// Inserts the queued chunk (``rowsPerStatement`` rows) in one statement. Returns whether
  /// every row inserted; if not, ``inserted`` says which did.
  func insertChunk(_ db: Database) throws -> Bool {
    let statement = chunk.sqliteStatement
    let code = pending.bytes.withUnsafeBufferPointer { bytes in
      var first: Int32 = 1
      for row in pending.rows {
        bind(row, from: first, to: statement, text: bytes, withKey: true)
        first += parametersPerRow
      }
      return sqlite3_step(statement)
    }
    sqlite3_reset(statement)
    guard code == SQLITE_DONE else { throw ImportTable.error(code, db) }
    let changes = Int(sqlite3_changes(db.sqliteConnection))
    if changes == pending.count { return true }
    try markInserted(count: changes, db)
    return false
  }

  /// Binds `row` to the parameters from `first` on, its text in place (SQLITE_STATIC): `text`
  /// must stay put until the statement has been stepped.
  func bind(
    _ row: PendingRows.Row, from first: Int32, to statement: SQLiteStatement,
    text: UnsafeBufferPointer<UInt8>, withKey: Bool
  ) {
    var index = first
    if kind == .drink {
      sqlite3_bind_int64(statement, index, row.typeID)
      index += 1
      sqlite3_bind_double(statement, index, row.amount)
      bindText(statement, index + 1, text, row.timestamp)
    } else {
      bindText(statement, index, text, row.timestamp)
      sqlite3_bind_double(statement, index + 1, row.amount)
    }
    index += 2
    if let note = row.note {
      bindText(statement, index, text, note)
    } else {
      sqlite3_bind_null(statement, index)
    }
    if withKey { bindText(statement, index + 1, text, row.key) }
  }

  /// Fills ``inserted`` after a chunk inserted `count` of its rows. Those rows got the
  /// `count` largest rowids, in the chunk's order; a key held before the chunk, or by an
  /// earlier row of it, failed for every row carrying it, so the first row with each of the
  /// newest keys is the one that inserted.
  private func markInserted(count: Int, _ db: Database) throws {
    inserted.removeAll(keepingCapacity: true)
    inserted.append(contentsOf: repeatElement(false, count: pending.count))
    guard count > 0 else { return }
    let statement = newestKeys.sqliteStatement
    defer { sqlite3_reset(statement) }
    sqlite3_bind_int64(statement, 1, Int64(count))
    var next = 0
    try pending.bytes.withUnsafeBufferPointer { bytes in
      while true {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { return }
        guard code == SQLITE_ROW else { throw ImportTable.error(code, db) }
        // The chunk's rows all have a key.
        guard let key = sqlite3_column_text(statement, 0) else { continue }
        let length = Int(sqlite3_column_bytes(statement, 0))
        while next < pending.count {
          let range = pending.rows[next].key
          next += 1
          if range.count == length, memcmp(bytes.baseAddress! + range.lowerBound, key, length) == 0
          {
            inserted[next - 1] = true
            break
          }
        }
      }
    }
  }

  private func largestID(_ db: Database) throws -> Int64 {
    let statement = maxID.sqliteStatement
    defer { sqlite3_reset(statement) }
    let code = sqlite3_step(statement)
    guard code == SQLITE_ROW else { throw ImportTable.error(code, db) }
    return sqlite3_column_int64(statement, 0)
  }

  static func error(_ code: Int32, _ db: Database) -> DatabaseError {
    DatabaseError(
      resultCode: ResultCode(rawValue: code),
      message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
  }
}

/// Binds `range` of `text` without copying it (SQLITE_STATIC).
@inline(__always)
private func bindText(
  _ statement: SQLiteStatement, _ index: Int32, _ text: UnsafeBufferPointer<UInt8>,
  _ range: Range<Int>
) {
  _ = sqlite3_bind_text(
    statement, index,
    UnsafeRawPointer(text.baseAddress! + range.lowerBound).assumingMemoryBound(to: CChar.self),
    Int32(range.count), nil)
}
