import Foundation
import GRDB
import LiquidusModel

/// One cached day of a run: its interval and the millilitres that count toward the goal.
public struct CountedDay: Sendable, Equatable {
  public var interval: DateInterval
  /// Volume times each type's hydration factor.
  public var counted: Double
  /// The whole volume, which a limit counts.
  public var volume: Double = 0
}

extension DrinkStore {
  /// The days the `day_total` cache holds whole that lie back to back before `end`, newest
  /// first: the first ends at `end`, each next one ends where the one before it starts. The
  /// run stops at the first day the cache lacks, and `isDone` may stop it earlier.
  ///
  /// A streak is such a run: read this way it costs one query and a few rows a day, where
  /// asking the cache for windows of days cost a calendar computation and a dictionary per
  /// day (a year's streak was a fifth of `status`). Only `typeIDs` count, when given; a type
  /// missing from `drink_type` counts at factor 1, as ``DrinkType/hydrationFactor`` defaults.
  public func cachedRun(
    endingAt end: Date, zone: String, typeIDs: Set<DrinkType.ID>?, isDone: (CountedDay) -> Bool
  ) throws -> [CountedDay] {
    let only = typeIDs.map { ids in
      "AND d.type_id IN (\(ids.map { String($0.rawValue) }.joined(separator: ",")))"
    }
    return try read { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT d.start_unix, d.end_unix,
            TOTAL(CASE WHEN d.type_id <> 0 \(only ?? "")
              THEN d.volume_ml * COALESCE(t.hydration_factor, 1) END),
            MAX(d.type_id = 0),
            TOTAL(CASE WHEN d.type_id <> 0 \(only ?? "") THEN d.volume_ml END)
          FROM day_total d LEFT JOIN drink_type t ON t.id = d.type_id
          WHERE d.zone = ? AND d.start_unix < ?
          GROUP BY d.start_unix ORDER BY d.start_unix DESC
          """, arguments: [zone, end.unixSeconds])
      var run: [CountedDay] = []
      var expectedEnd = end.unixSeconds
      while let row = try rows.next() {
        let start: Int64 = row[0]
        let dayEnd: Int64 = row[1]
        let whole: Bool = row[3]
        // A gap, or a day computed only in part (no row of its own): the run ends here.
        guard dayEnd == expectedEnd, whole else { break }
        let day = CountedDay(
          interval: DateInterval(
            start: Date(timeIntervalSince1970: Double(start)),
            end: Date(timeIntervalSince1970: Double(dayEnd))),
          counted: row[2], volume: row[4])
        run.append(day)
        if isDone(day) { break }
        expectedEnd = start
      }
      return run
    }
  }
}
