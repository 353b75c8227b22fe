import Foundation
import GRDB

extension DrinkStore {
  /// Millilitres per drink type id in each of `intervals`, in one consistent read.
  ///
  /// Each interval is one range scan of the `drink_by_time` index (which covers type and volume),
  /// so the cost follows the entries inside the intervals, not the size of the table; and the
  /// boundaries are the caller's local calendar units, never SQLite's UTC date functions.
  /// - Parameter typeIDs: only these types; nil for all.
  /// - Returns: one dictionary per interval, in order.
  public func totalsByType(in intervals: [DateInterval], typeIDs: Set<Int64>? = nil) throws
    -> [[Int64: Double]]
  {
    try read { db in
      let statement = try db.cachedStatement(
        sql: """
          SELECT type_id, SUM(volume_ml) FROM drink
          WHERE at_utc >= ? AND at_utc < ? GROUP BY type_id
          """)
      return try intervals.map { try Self.sumsByType(statement, in: $0, typeIDs: typeIDs) }
    }
  }

  /// Milligrams of caffeine per drink type id in each of `intervals`, and the imported caffeine
  /// records' milligrams (linked to no drink), in one consistent read.
  public func caffeineByType(in intervals: [DateInterval], typeIDs: Set<Int64>? = nil) throws
    -> [(byType: [Int64: Double], records: Double)]
  {
    try read { db in
      let drinks = try db.cachedStatement(
        sql: """
          SELECT type_id, SUM(caffeine_mg) FROM drink
          WHERE caffeine_mg > 0 AND at_utc >= ? AND at_utc < ? GROUP BY type_id
          """)
      let records = try db.cachedStatement(
        sql: """
          SELECT TOTAL(mg) FROM caffeine WHERE at_utc >= ? AND at_utc < ? AND drink_id IS NULL
          """)
      return try intervals.map { interval in
        let totals = try Self.sumsByType(drinks, in: interval, typeIDs: typeIDs)
        records.arguments = [interval.start, interval.end]
        // Records belong to no type: they count when no type filter is given.
        let recorded = typeIDs == nil ? try Double.fetchOne(records) ?? 0 : 0
        return (totals, recorded)
      }
    }
  }

  /// Runs `statement` (`SELECT type_id, SUM(...) ... WHERE at_utc >= ? AND at_utc < ?`) for
  /// `interval`: the sum per type id, only `typeIDs` when given.
  private static func sumsByType(
    _ statement: Statement, in interval: DateInterval, typeIDs: Set<Int64>?
  ) throws -> [Int64: Double] {
    statement.arguments = [interval.start, interval.end]
    var totals: [Int64: Double] = [:]
    let rows = try Row.fetchCursor(statement)
    while let row = try rows.next() {
      let typeID: Int64 = row[0]
      if let typeIDs, !typeIDs.contains(typeID) { continue }
      totals[typeID] = row[1]
    }
    return totals
  }
}
