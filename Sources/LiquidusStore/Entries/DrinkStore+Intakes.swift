import Foundation
import GRDB
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
      // sort, and `drink_by_time` covers every column read, so no row is visited. `typeof`
      // says in SQL whether a row can be read, so that the fast typed reads below never meet
      // a value of another kind (GRDB traps on one).
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT at_ms, type_id, volume_ml, caffeine_mg, id,
              typeof(at_ms) = 'integer' AND typeof(type_id) = 'integer'
              AND typeof(volume_ml) IN ('real', 'integer')
              AND typeof(caffeine_mg) IN ('real', 'integer')
            FROM drink WHERE at_ms >= ?1 AND at_ms < ?2 \(caffeineOnly ? "AND caffeine_mg > 0" : "")
          UNION ALL
          SELECT at_ms, NULL, 0, mg, -id,
              typeof(at_ms) = 'integer' AND typeof(mg) IN ('real', 'integer')
            FROM caffeine WHERE at_ms >= ?1 AND at_ms < ?2 AND drink_id IS NULL
          ORDER BY 1
          """,
        arguments: [interval.start.stored, interval.end.stored])
      while let row = try rows.next() {
        guard row[5] as Bool else {
          damaged(Self.damage(of: row))
          continue
        }
        try body(
          IntakeRow(
            milliseconds: row[0], typeID: (row[1] as Int64?).map(DrinkType.ID.init),
            milliliters: row[2], caffeine: row[3]))
      }
    }
  }

  /// Calls `body` with the instant and source of every drink in `interval`, in no particular
  /// order: a day's sources and typed and imported entries, which the time index does not
  /// hold. One pass over the table in its own order: asking the index for the rows in time
  /// order would visit each row at random, three times slower for a year of a million.
  public func forEachDrinkSource(
    in interval: DateInterval,
    _ body: (_ milliseconds: Int64, _ isTyped: Bool, _ sourceName: String?) throws -> Void
  ) throws {
    try read { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT at_ms, source = 'typed', source_name FROM drink NOT INDEXED
          WHERE at_ms >= ? AND at_ms < ? AND typeof(at_ms) = 'integer'
            AND typeof(source_name) IN ('text', 'null')
          """,
        arguments: [interval.start.stored, interval.end.stored])
      while let row = try rows.next() {
        try body(row[0], row[1], row[2])
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

  /// What is wrong with a row of ``forEachIntake`` that SQL says cannot be read.
  private static func damage(of row: Row) -> StoreError {
    let id: Int64 = row[4]
    let columns =
      id < 0
      ? [(0, "at_ms"), (3, "mg")]
      : [(0, "at_ms"), (1, "type_id"), (2, "volume_ml"), (3, "caffeine_mg")]
    for (index, column) in columns {
      let value = row[index] as DatabaseValue? ?? .null
      let isNumber: Bool
      switch value.storage {
      case .int64: isNumber = true
      case .double: isNumber = index != 0 && index != 1
      default: isNumber = false
      }
      if !isNumber { return damaged(id: id, column: column, value: value) }
    }
    return damaged(id: id, column: "at_ms", value: row[0] as DatabaseValue? ?? .null)
  }

  /// A drink's damage (a positive id), or a caffeine record's (its id negated).
  private static func damaged(id: Int64, column: String, value: DatabaseValue) -> StoreError {
    id < 0
      ? .damagedCaffeineRecord(id: -id, column: column, value: "\(value)")
      : .damagedEntry(id: id, column: column, value: "\(value)")
  }
}
