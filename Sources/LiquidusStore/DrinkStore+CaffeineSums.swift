import Foundation
import GRDB

extension DrinkStore {
  /// The caffeine of the intakes in `interval`: the milligrams taken inside `day` up to `upTo`,
  /// and what remains of those taken up to `bodyAt` in the body at `bodyAt`, each intake
  /// halving every `halfLife` seconds.
  ///
  /// The same sums as ``LiquidusModel/CaffeineBody/milligrams(at:intakes:)`` over
  /// ``caffeineIntakes(in:)``, added up by SQLite: `status` reads two days of intakes, and
  /// bringing each into Swift, sorted, was a fifth of its time on a database with a thousand
  /// caffeinated drinks a day. A time SQLite cannot read is reported as that method reports it.
  public func caffeineSums(
    in interval: DateInterval, day: DateInterval, upTo: Date, bodyAt: Date,
    halfLife: TimeInterval
  ) throws -> (inDay: Double, inBody: Double) {
    let sums = try readOneStatement { db in
      try Row.fetchOne(
        db,
        sql: """
          WITH intake(ms, mg) AS (
            SELECT \(Self.millisecondsOfAtUTC), caffeine_mg FROM drink
            WHERE at_utc >= ?1 AND at_utc < ?2 AND caffeine_mg > 0
            UNION ALL
            SELECT \(Self.millisecondsOfAtUTC), mg FROM caffeine
            WHERE at_utc >= ?1 AND at_utc < ?2 AND mg > 0 AND drink_id IS NULL)
          SELECT
            TOTAL(CASE WHEN ms >= ?3 AND ms < ?4 AND ms <= ?5 THEN mg END),
            TOTAL(CASE WHEN ms <= ?6 THEN mg * pow(0.5, (?6 - ms) / ?7) END),
            COUNT(*) - COUNT(ms)
          FROM intake
          """,
        arguments: [
          interval.start.stored, interval.end.stored, day.start.milliseconds,
          day.end.milliseconds, upTo.milliseconds, bodyAt.milliseconds, halfLife * 1000,
        ])
    }
    guard let sums, sums[2] as Int == 0 else {
      // A damaged time: the intakes one by one name the entry.
      _ = try caffeineIntakes(in: interval)
      return (0, 0)
    }
    return (sums[0], sums[1])
  }
}

extension Date {
  /// Milliseconds since 1970, unrounded, to compare with ``DrinkStore/millisecondsOfAtUTC``.
  fileprivate var milliseconds: Double { timeIntervalSince1970 * 1000 }
}
