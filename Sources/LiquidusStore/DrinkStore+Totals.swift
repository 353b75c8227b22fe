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
      return try intervals.map { interval in
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
  }
}
