import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// Millilitres per drink type id in each of `intervals`, in one consistent read.
  ///
  /// Each interval is one range scan of the `drink_by_time` index (which covers type and volume),
  /// so the cost follows the entries inside the intervals, not the size of the table; and the
  /// boundaries are the caller's local calendar units, never SQLite's UTC date functions.
  /// - Parameter typeIDs: only these types; nil for all.
  /// - Returns: one dictionary per interval, in order.
  public func totalsByType(in intervals: [DateInterval], typeIDs: Set<DrinkType.ID>? = nil)
    throws -> [[DrinkType.ID: Double]]
  {
    try read { db in
      let sums = IntervalSums(db)
      return try intervals.map { interval in
        let totals = try sums.volumeByType(in: interval)
        guard let typeIDs else { return totals }
        return totals.filter { typeIDs.contains($0.key) }
      }
    }
  }

  /// Volume and caffeine per type, and the caffeine records, of each of `intervals` summed
  /// from the entries, in one consistent read: for hours, and other intervals the day cache
  /// does not keep (see ``dayTotals(in:zone:settledBefore:)`` for days).
  public func totals(in intervals: [DateInterval]) throws -> [DayTotals] {
    try read { db in
      let sums = IntervalSums(db)
      return try intervals.map { try sums.totals(in: $0) }
    }
  }
}
