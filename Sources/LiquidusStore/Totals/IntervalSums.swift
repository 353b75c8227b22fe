import Foundation
import GRDB
import LiquidusModel

/// The sums of an interval (a day, an hour, a whole period) computed from the entries: range
/// scans of the time indexes. The volume index covers type and volume; the caffeine one holds
/// only caffeinated entries, so neither scan visits the table itself. The day cache
/// (``DrinkStore/dayTotals(in:zone:settledBefore:)``) and the uncached sums share it.
struct IntervalSums {
  private let db: Database

  init(_ db: Database) {
    self.db = db
  }

  // Plain SQL, prepared on first use (and kept by the connection's statement cache) and bound
  // again for each interval: the query interface would generate the SQL anew for each of a
  // year's days. A glance sums only volumes, and each statement it does not prepare is a
  // parse saved.
  private var volume: Statement {
    get throws {
      try db.cachedStatement(
        sql: """
          SELECT type_id, SUM(volume_ml) FROM drink
          WHERE at_ms >= ? AND at_ms < ? GROUP BY type_id
          """)
    }
  }

  private var caffeine: Statement {
    get throws {
      try db.cachedStatement(
        sql: """
          SELECT type_id, SUM(caffeine_mg) FROM drink
          WHERE caffeine_mg > 0 AND at_ms >= ? AND at_ms < ? GROUP BY type_id
          """)
    }
  }

  private var records: Statement {
    get throws {
      try db.cachedStatement(
        sql: "SELECT TOTAL(mg) FROM caffeine WHERE at_ms >= ? AND at_ms < ? AND drink_id IS NULL"
      )
    }
  }

  /// Millilitres per type id in `interval`.
  func volumeByType(in interval: DateInterval) throws -> [DrinkType.ID: Double] {
    try Self.byType(volume, interval)
  }

  /// Millilitres and caffeine per type, and the caffeine records, in `interval`.
  func totals(in interval: DateInterval) throws -> DayTotals {
    let records = try records
    records.arguments = [interval.start.stored, interval.end.stored]
    return DayTotals(
      volumeByType: try Self.byType(volume, interval),
      caffeineByType: try Self.byType(caffeine, interval),
      caffeineRecords: try Double.fetchOne(records) ?? 0)
  }

  private static func byType(_ statement: Statement, _ interval: DateInterval) throws
    -> [DrinkType.ID: Double]
  {
    statement.arguments = [interval.start.stored, interval.end.stored]
    var sums: [DrinkType.ID: Double] = [:]
    let rows = try Row.fetchCursor(statement)
    // The id read as the Int64 it is (SQLite's own integer read), then wrapped.
    while let row = try rows.next() { sums[DrinkType.ID(rawValue: row[0])] = row[1] }
    return sums
  }
}
