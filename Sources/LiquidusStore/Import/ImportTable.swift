import Foundation
import GRDB
import GRDBSQLite
import LiquidusModel

/// One table an import writes to (`drink` or `caffeine`): its prepared statements, the rows
/// queued for the next multi-row INSERT, and the rowids this file's import inserted there.
///
/// Rows go in ``rowsPerStatement`` at a time. SQLite's per-statement work (opening and freeing
/// six cursors, updating `sqlite_sequence`, the statement journal) cost more than inserting the
/// row itself; one statement per chunk pays it once. A chunk whose rows all insert (every chunk
/// of a first import) needs nothing more; when some conflict, ``insertQueued(_:)`` works out
/// which, and ``ImportWriter`` sends just those through its one-row occurrence logic.
final class ImportTable {
  enum Kind { case drink, caffeine }

  /// Rows per multi-row INSERT. Each statement also copies the pages it touches into a
  /// statement journal, which spills to a temporary file past 64 KiB: 256 rows per statement
  /// writes a third of what 64 did (1M export.xml: 200 MB -> 68 MB, system time 0.4-0.6 s ->
  /// 0.33 s) and ~3% fewer instructions. Longer statements cost more to prepare than they save.
  static let rowsPerStatement = 256

  let kind: Kind
  var pending = PendingRows(capacity: ImportTable.rowsPerStatement)
  /// The one-row INSERT, for conflicting rows and a lone last row.
  let single: Statement
  /// Finds the row that holds a key: by the key's entry id for a drink (see
  /// ``bindHolderKey(_:)``), by the key itself for a caffeine record.
  let holder: Statement
  /// The parameter number of the key in ``single``.
  let keyIndex: Int32
  /// Multi-row INSERTs by their number of rows, prepared when first needed.
  private var chunks: [Int: Statement] = [:]
  /// The pieces of those statements: `INSERT INTO <table> (<columns>) VALUES `, one row's
  /// values, and the conflict clause.
  private let insertHead: String
  private let rowValues: String
  private let insertTail: String
  private let newestKeys: Statement
  private let maxID: Statement
  private let parametersPerRow: Int32
  /// Which queued rows the multi-row statements inserted.
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
      // The entry id follows the key (see ``EntryUID/bytes(forImportKey:)``), and is the
      // drink's only unique key: a record imported before holds it already.
      table =
        "drink (type_id, volume_ml, caffeine_mg, at_ms, modified_ms, note, source_name, source, "
        + "import_key, uid)"
      values = "(?, ?, ?, ?, ?, ?, ?, 'imported', ?, ?)"
      conflict = "ON CONFLICT(uid) DO NOTHING"
      parametersPerRow = 9
    case .caffeine:
      table = "caffeine (at_ms, mg, source_name, import_key)"
      values = "(?, ?, ?, ?)"
      conflict = "ON CONFLICT(import_key) DO NOTHING"
      parametersPerRow = 4
    }
    let name = kind == .drink ? "drink" : "caffeine"
    keyIndex = kind == .drink ? parametersPerRow - 1 : parametersPerRow
    insertHead = "INSERT INTO \(table) VALUES "
    rowValues = values
    insertTail = " " + conflict
    single = try db.makeStatement(sql: insertHead + values + insertTail)
    holder = try db.makeStatement(
      sql: "SELECT id FROM \(name) WHERE \(kind == .drink ? "uid" : "import_key") = ?")
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

  /// Deletes every row this file's import committed (its own ids, exactly: while a batch held
  /// the write lock no one else could insert).
  func deleteCommittedRows(_ db: Database, now: Date?) throws {
    let name = kind == .drink ? "drink" : "caffeine"
    for range in ownIDs {
      // Another database may have merged them in meanwhile: the tombstones take them away
      // there too.
      if kind == .drink, let now {
        try DrinkStore.buryEntries(
          where: "id BETWEEN ? AND ?", arguments: [range.lowerBound, range.upperBound], at: now,
          db)
      }
      try db.execute(
        sql: "DELETE FROM \(name) WHERE id BETWEEN ? AND ?",
        arguments: [range.lowerBound, range.upperBound])
    }
    ownIDs.removeAll()
  }

  /// Whether this file's import inserted row `id`.
  func owns(_ id: Int64) -> Bool {
    id > floor || ownIDs.contains { $0.contains(id) }
  }

  /// Inserts the queued rows, as many as possible per statement, and fills ``inserted``: the
  /// rows left false conflicted (or were a lone last row) and need the one-row path.
  func insertQueued(_ db: Database) throws {
    inserted.removeAll(keepingCapacity: true)
    inserted.append(contentsOf: repeatElement(false, count: pending.count))
    var start = 0
    while pending.count - start > 1 {
      // A transaction's last, shorter chunk goes in as power-of-two pieces, so that a handful
      // of statements, prepared once, serve every length.
      let left = pending.count - start
      let size = min(Self.rowsPerStatement, 1 << (Int.bitWidth - 1 - left.leadingZeroBitCount))
      try insert(start..<start + size, db)
      start += size
    }
  }

  private func insert(_ range: Range<Int>, _ db: Database) throws {
    let statement = try chunk(rows: range.count, db).sqliteStatement
    let code = pending.bytes.withUnsafeBufferPointer { bytes in
      var first: Int32 = 1
      for row in pending.rows[range] {
        bind(row, from: first, to: statement, text: bytes, withKey: true)
        first += parametersPerRow
      }
      return sqlite3_step(statement)
    }
    sqlite3_reset(statement)
    guard code == SQLITE_DONE else { throw ImportTable.error(code, db) }
    let changes = Int(sqlite3_changes(db.sqliteConnection))
    if changes == range.count {
      for index in range { inserted[index] = true }
    } else if changes > 0 {
      try markInserted(range, count: changes, db)
    }
  }

  private func chunk(rows: Int, _ db: Database) throws -> Statement {
    if let statement = chunks[rows] { return statement }
    let values = repeatElement(rowValues, count: rows).joined(separator: ", ")
    let statement = try db.makeStatement(sql: insertHead + values + insertTail)
    chunks[rows] = statement
    return statement
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
      sqlite3_bind_double(statement, index + 1, row.amount)
      sqlite3_bind_double(statement, index + 2, row.caffeine)
      sqlite3_bind_int64(statement, index + 3, row.milliseconds)
      // An imported drink's modification time is its own instant (see ImportWriter).
      sqlite3_bind_int64(statement, index + 4, row.milliseconds)
      index += 3
    } else {
      sqlite3_bind_int64(statement, index, row.milliseconds)
      sqlite3_bind_double(statement, index + 1, row.amount)
    }
    index += 2
    if let note = row.note {
      bindText(statement, index, text, note)
    } else {
      sqlite3_bind_null(statement, index)
    }
    if kind == .drink {
      index += 1
      if let source = row.source {
        bindText(statement, index, text, source)
      } else {
        sqlite3_bind_null(statement, index)
      }
    }
    if withKey {
      bindText(statement, index + 1, text, row.key)
      if let uid = row.uid { bindBlob(statement, index + 2, text, uid) }
    }
  }

  /// Binds the entry id of the drink imported under `key` (see ``EntryUID/bytes(forImportKey:)``)
  /// to parameter `index`: the same record has the same id on every device.
  func bindEntryID(_ statement: SQLiteStatement, _ index: Int32, key: [UInt8]) {
    let bytes = EntryUID.bytes(forImportKey: key)
    bytes.withUnsafeBufferPointer { buffer in
      _ = sqlite3_bind_blob(
        statement, index, buffer.baseAddress, Int32(buffer.count), transientText)
    }
  }

  /// Binds to ``holder`` what names the row holding `key`: its entry id for a drink, the key
  /// itself for a caffeine record.
  func bindHolderKey(_ key: [UInt8]) {
    let statement = holder.sqliteStatement
    if kind == .drink {
      bindEntryID(statement, 1, key: key)
    } else {
      bindCopy(statement, 1, key)
    }
  }

  /// Fills ``inserted`` after a chunk inserted `count` of its rows. Those rows got the
  /// `count` largest rowids, in the chunk's order; a key held before the chunk, or by an
  /// earlier row of it, failed for every row carrying it, so the first row with each of the
  /// newest keys is the one that inserted.
  private func markInserted(_ range: Range<Int>, count: Int, _ db: Database) throws {
    let statement = newestKeys.sqliteStatement
    defer { sqlite3_reset(statement) }
    sqlite3_bind_int64(statement, 1, Int64(count))
    var next = range.lowerBound
    try pending.bytes.withUnsafeBufferPointer { bytes in
      while true {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { return }
        guard code == SQLITE_ROW else { throw ImportTable.error(code, db) }
        // The chunk's rows all have a key.
        guard let key = sqlite3_column_text(statement, 0) else { continue }
        let length = Int(sqlite3_column_bytes(statement, 0))
        while next < range.upperBound {
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

/// SQLite's "copy the bytes now" destructor, which Swift cannot spell as a constant.
private let transientText = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// Binds a copy of `bytes` as text (SQLITE_TRANSIENT).
private func bindCopy(_ statement: SQLiteStatement, _ index: Int32, _ bytes: [UInt8]) {
  bytes.withUnsafeBufferPointer { text in
    _ = sqlite3_bind_text(
      statement, index, UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self),
      Int32(text.count), transientText)
  }
}

/// Binds `range` of `bytes` as a blob without copying it (SQLITE_STATIC).
@inline(__always)
private func bindBlob(
  _ statement: SQLiteStatement, _ index: Int32, _ bytes: UnsafeBufferPointer<UInt8>,
  _ range: Range<Int>
) {
  _ = sqlite3_bind_blob(
    statement, index, UnsafeRawPointer(bytes.baseAddress! + range.lowerBound),
    Int32(range.count), nil)
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
