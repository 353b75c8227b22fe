import Foundation
import GRDB

extension DrinkStore {
  /// The caffeine of the intakes in `interval`: the milligrams taken inside `day` up to `upTo`,
  /// and what remains of those taken up to `bodyAt` in the body at `bodyAt`, each intake
  /// halving every `halfLife` seconds.
  ///
  /// The same sums as ``LiquidusModel/CaffeineBody/milligrams(at:intakes:)`` over
  /// ``caffeineIntakes(in:)``, added up by SQLite: `status` reads caffeine's whole lookback (100
  /// hours at the default half-life), and bringing each intake into Swift was a fifth of its
  /// time on a database with a thousand caffeinated drinks a day.
  ///
  /// `wholeDays` are the local days of `zone` inside `interval` that ended by `bodyAt`, back to
  /// back and oldest first. What remains of a whole day in the body is its cached weight (see
  /// migration v6) times 0.5^((bodyAt - its end) / halfLife), so only the intakes outside those
  /// days are read one by one. A day without a weight for this half-life is weighed from its
  /// intakes and, when the lock is free and the day's totals are cached, its weight kept.
  /// A time SQLite cannot read is reported as ``caffeineIntakes(in:)`` reports it.
  public func caffeineSums(
    in interval: DateInterval, wholeDays: [DateInterval] = [], zone: String = "",
    day: DateInterval, upTo: Date, bodyAt: Date, halfLife: TimeInterval
  ) throws -> (inDay: Double, inBody: Double) {
    let days = Self.backToBack(wholeDays, inside: interval, endingBy: bodyAt)
    let weights = try weights(of: days, zone: zone, halfLife: halfLife)
    // The intakes outside the whole days: before the first, and from the end of the last on.
    let loose =
      days.isEmpty
      ? [interval]
      : [
        DateInterval(start: interval.start, end: days[0].start),
        DateInterval(start: days[days.count - 1].end, end: interval.end),
      ]
    var inDay = 0.0
    var inBody = 0.0
    for range in loose where range.duration > 0 {
      let sums = try readOneStatement { db in
        try Self.intakeSums(
          in: range, day: day, upTo: upTo, bodyAt: bodyAt, halfLife: halfLife, db)
      }
      if sums.damaged > 0 { try throwForTheDamagedTime(in: interval) }
      inDay += sums.inDay
      inBody += sums.inBody
    }
    for (wholeDay, weight) in zip(days, weights) {
      inBody += weight * pow(0.5, bodyAt.timeIntervalSince(wholeDay.end) / halfLife)
    }
    return (inDay, inBody)
  }

  /// `days` when they lie back to back inside `interval` and end by `bodyAt`; else none, and
  /// every intake is read one by one.
  private static func backToBack(
    _ days: [DateInterval], inside interval: DateInterval, endingBy bodyAt: Date
  ) -> [DateInterval] {
    guard let first = days.first, let last = days.last, first.start >= interval.start,
      last.end <= min(interval.end, bodyAt),
      zip(days, days.dropFirst()).allSatisfy({ $0.end == $1.start })
    else { return [] }
    return days
  }

  /// Each day's weight for `halfLife`: from the cache, or weighed from its intakes (and cached
  /// when the day's own row is there and the write lock is free).
  private func weights(of days: [DateInterval], zone: String, halfLife: TimeInterval) throws
    -> [Double]
  {
    guard !days.isEmpty else { return [] }
    let cached = try readOneStatement { db in
      try Self.cachedWeights(
        from: days[0].start, through: days[days.count - 1].start, zone, halfLife, db)
    }
    var weights: [Double] = []
    var weighed: [DateInterval] = []
    for day in days {
      if let weight = cached[day.start.unixSeconds], weight.end == day.end.unixSeconds {
        weights.append(weight.value)
        continue
      }
      let sums = try readOneStatement { db in
        try Self.intakeSums(
          in: day, day: day, upTo: day.end, bodyAt: day.end, halfLife: halfLife, db)
      }
      if sums.damaged > 0 { try throwForTheDamagedTime(in: day) }
      weights.append(sums.inBody)
      weighed.append(day)
    }
    if !weighed.isEmpty {
      // A weight lives on its day's own row: cache the day first (status alone no longer
      // does). A convenience, like the day cache itself: never wait for another writer for it.
      _ = try? dayTotals(in: weighed, zone: zone, settledBefore: days[days.count - 1].end)
      _ = try? writeWithoutWaiting { db in
        // Weighed again inside the writing transaction: a day changed since the read above
        // has lost its row (the triggers), and one still there holds what is weighed here.
        for day in weighed {
          let sums = try Self.intakeSums(
            in: day, day: day, upTo: day.end, bodyAt: day.end, halfLife: halfLife, db)
          guard sums.damaged == 0 else { continue }
          try db.execute(
            sql: """
              UPDATE day_total SET caffeine_weight = ?, weight_half_life_s = ?
              WHERE start_unix = ? AND zone = ? AND type_id = 0 AND end_unix = ?
              """,
            arguments: [
              sums.inBody, halfLife, day.start.unixSeconds, zone, day.end.unixSeconds,
            ])
        }
      }
    }
    return weights
  }

  private static func cachedWeights(
    from first: Date, through last: Date, _ zone: String, _ halfLife: TimeInterval,
    _ db: Database
  ) throws -> [Int64: (end: Int64, value: Double)] {
    var weights: [Int64: (end: Int64, value: Double)] = [:]
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT start_unix, end_unix, caffeine_weight FROM day_total
        WHERE start_unix >= ? AND start_unix <= ? AND zone = ? AND type_id = 0
          AND weight_half_life_s = ? AND caffeine_weight IS NOT NULL
        """, arguments: [first.unixSeconds, last.unixSeconds, zone, halfLife])
    while let row = try rows.next() { weights[row[0]] = (row[1], row[2]) }
    return weights
  }

  /// The sums of ``caffeineSums`` over the intakes in `range`, and how many of them have a
  /// time SQLite cannot read.
  private static func intakeSums(
    in range: DateInterval, day: DateInterval, upTo: Date, bodyAt: Date,
    halfLife: TimeInterval, _ db: Database
  ) throws -> (inDay: Double, inBody: Double, damaged: Int) {
    let row = try Row.fetchOne(
      db,
      sql: """
        WITH intake(ms, mg) AS (
          SELECT \(readableInstant), caffeine_mg FROM drink
          WHERE at_ms >= ?1 AND at_ms < ?2 AND caffeine_mg > 0
          UNION ALL
          SELECT \(readableInstant), mg FROM caffeine
          WHERE at_ms >= ?1 AND at_ms < ?2 AND mg > 0 AND drink_id IS NULL)
        SELECT
          TOTAL(CASE WHEN ms >= ?3 AND ms < ?4 AND ms <= ?5 THEN mg END),
          TOTAL(CASE WHEN ms <= ?6 THEN mg * pow(0.5, (?6 - ms) / ?7) END),
          COUNT(*) - COUNT(ms)
        FROM intake
        """,
      arguments: [
        range.start.stored, range.end.stored, day.start.milliseconds, day.end.milliseconds,
        upTo.milliseconds, bodyAt.milliseconds, halfLife * 1000,
      ])
    return (row?[0] ?? 0, row?[1] ?? 0, row?[2] ?? 0)
  }

  /// `at_ms` when it is whole milliseconds, else NULL (a fraction typed in by hand sorts among
  /// them but does not read as an instant: counted, and reported, as damaged).
  private static let readableInstant = "CASE WHEN typeof(at_ms) = 'integer' THEN at_ms END"

  /// Throws the error ``caffeineIntakes(in:)`` gives for a damaged time in `interval`.
  private func throwForTheDamagedTime(in interval: DateInterval) throws {
    _ = try caffeineIntakes(in: interval)
  }
}

extension Date {
  /// Milliseconds since 1970, unrounded, to compare with `at_ms`.
  fileprivate var milliseconds: Double { timeIntervalSince1970 * 1000 }
}
