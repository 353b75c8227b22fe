import Foundation
import GRDB
import GRDBSQLite
import LiquidusModel

/// One intake as a day's figures need it: when, what and how much. No note, no ids and no
/// source, so a year of a million entries is read from the time index alone, without a visit
/// to each row.
public struct IntakeRow: Sendable, Hashable {
  /// Milliseconds since 1970, UTC.
  public var milliseconds: Int64
  /// The drink's type; nil for a caffeine record that is not a drink (Apple Health's
  /// DietaryCaffeine without a drink beside it).
  public var typeID: DrinkType.ID?
  /// Millilitres; 0 for a caffeine record.
  public var milliliters: Double
  /// Milligrams of caffeine.
  public var caffeine: Double
}

extension DrinkStore {
  /// Calls `body` with every drink and every caffeine record that is not a drink in
  /// `interval` (only those with caffeine when `caffeineOnly`), in time order, through one
  /// cursor in one read transaction: memory stays flat however many there are.
  ///
  /// A row whose amount or time is not a number goes to `damaged` and is left out; one whose
  /// time is text is in no interval (see ``unplacedEntries()``).
  public func forEachIntake(
    in interval: DateInterval, caffeineOnly: Bool = false,
    damaged: (StoreError) -> Void = { _ in }, _ body: (IntakeRow) throws -> Void
  ) throws {
    try read { db in
      // UNION ALL with one ORDER BY: SQLite merges the two time indexes' orders without a
      // sort, and `drink_by_time` covers every column read, so no row is visited.
      let statement = try db.makeStatement(
        sql: """
          SELECT at_ms, type_id, volume_ml, caffeine_mg, id
            FROM drink WHERE at_ms >= ?1 AND at_ms < ?2 \(caffeineOnly ? "AND caffeine_mg > 0" : "")
          UNION ALL
          SELECT at_ms, NULL, 0, mg, -id
            FROM caffeine WHERE at_ms >= ?1 AND at_ms < ?2 AND drink_id IS NULL
          ORDER BY 1
          """)
      try statement.setArguments([interval.start.stored, interval.end.stored])
      // Stepped by hand: a million rows through GRDB's `Row` cost a third of the export in
      // generic decoding, and SQL's `typeof` checks more than twice the reading itself.
      let handle = statement.sqliteStatement
      defer { sqlite3_reset(handle) }
      while true {
        let code = sqlite3_step(handle)
        if code == SQLITE_DONE { return }
        guard code == SQLITE_ROW else { throw ImportTable.error(code, db) }
        let id = sqlite3_column_int64(handle, 4)
        let kinds = (
          sqlite3_column_type(handle, 0), sqlite3_column_type(handle, 1),
          sqlite3_column_type(handle, 2), sqlite3_column_type(handle, 3)
        )
        let readable =
          kinds.0 == SQLITE_INTEGER
          && (kinds.1 == SQLITE_INTEGER || (id < 0 && kinds.1 == SQLITE_NULL))
          && Self.isNumber(kinds.2) && Self.isNumber(kinds.3)
        guard readable else {
          damaged(Self.damage(handle, kinds: kinds, id: id))
          continue
        }
        try body(
          IntakeRow(
            milliseconds: sqlite3_column_int64(handle, 0),
            typeID: id < 0 ? nil : DrinkType.ID(rawValue: sqlite3_column_int64(handle, 1)),
            milliliters: sqlite3_column_double(handle, 2),
            caffeine: sqlite3_column_double(handle, 3)))
      }
    }
  }

  /// Calls `body` with the instant and source of every drink in `interval`, in no particular
  /// order: a day's sources and typed and imported entries, which the time index does not
  /// hold. One pass over the table in its own order: asking the index for the rows in time
  /// order would visit each row at random, three times slower for a year of a million.
  ///
  /// A source is the word `export` writes (the app an imported entry named, else `typed` or
  /// `imported`), given as its index in the returned list, so that the caller counts
  /// distinct sources without a string per entry.
  /// - Returns: The sources' words, by index.
  @discardableResult
  public func forEachDrinkSource(
    in interval: DateInterval,
    _ body: (_ milliseconds: Int64, _ isTyped: Bool, _ source: Int) throws -> Void
  ) throws -> [String] {
    try read { db in
      let statement = try db.makeStatement(
        sql: """
          SELECT at_ms, source = 'typed', COALESCE(NULLIF(source_name, ''), source)
          FROM drink NOT INDEXED WHERE at_ms >= ? AND at_ms < ?
          """)
      try statement.setArguments([interval.start.stored, interval.end.stored])
      let handle = statement.sqliteStatement
      defer { sqlite3_reset(handle) }
      var words: [String] = []
      var indexes: [String: Int] = [:]
      // Drinks of one import sit side by side: most rows name the source the row before did.
      var last: (bytes: [UInt8], index: Int)?
      while true {
        let code = sqlite3_step(handle)
        if code == SQLITE_DONE { return words }
        guard code == SQLITE_ROW else { throw ImportTable.error(code, db) }
        // A damaged time is named by `forEachIntake`; here it only has no day.
        guard sqlite3_column_type(handle, 0) == SQLITE_INTEGER else { continue }
        let text = sqlite3_column_text(handle, 2)
        let length = Int(sqlite3_column_bytes(handle, 2))
        let index: Int
        if let last, let text, last.bytes.count == length,
          memcmp(last.bytes, text, length) == 0
        {
          index = last.index
        } else {
          let bytes = text.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
          let word = String(decoding: bytes, as: UTF8.self)
          if let known = indexes[word] {
            index = known
          } else {
            index = words.count
            indexes[word] = index
            words.append(word)
          }
          last = (bytes, index)
        }
        try body(sqlite3_column_int64(handle, 0), sqlite3_column_int(handle, 1) != 0, index)
      }
    }
  }

  /// Entries whose time is text or bytes (edited by hand in the sqlite3 shell): they lie in
  /// no day, so a table of days leaves them out and names them.
  public func unplacedEntries() throws -> [StoreError] {
    try read { db in
      // Text and bytes sort after every number, so the time index finds them at its end.
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT id, at_ms FROM drink WHERE at_ms >= ''
          UNION ALL SELECT -id, at_ms FROM caffeine WHERE at_ms >= '' AND drink_id IS NULL
          """)
      return rows.map { row in
        Self.damaged(id: row[0], column: "at_ms", value: row[1] as DatabaseValue? ?? .null)
      }
    }
  }

  private static func isNumber(_ kind: Int32) -> Bool {
    kind == SQLITE_INTEGER || kind == SQLITE_FLOAT
  }

  /// What is wrong with a row of ``forEachIntake`` that cannot be read: its first column of
  /// the wrong kind.
  private static func damage(
    _ handle: SQLiteStatement, kinds: (Int32, Int32, Int32, Int32), id: Int64
  ) -> StoreError {
    let columns =
      id < 0 ? ["at_ms", "", "", "mg"] : ["at_ms", "type_id", "volume_ml", "caffeine_mg"]
    let index =
      kinds.0 != SQLITE_INTEGER
      ? 0 : kinds.1 != SQLITE_INTEGER && id >= 0 ? 1 : isNumber(kinds.2) ? 3 : 2
    return damaged(
      id: id, column: columns[index],
      value: DatabaseValue(sqliteStatement: handle, index: Int32(index)))
  }

  /// A drink's damage (a positive id), or a caffeine record's (its id negated).
  private static func damaged(id: Int64, column: String, value: DatabaseValue) -> StoreError {
    id < 0
      ? .damagedCaffeineRecord(id: -id, column: column, value: "\(value)")
      : .damagedEntry(id: id, column: column, value: "\(value)")
  }
}
