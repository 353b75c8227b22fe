import Foundation
import GRDB
import LiquidusModel

/// What one local day held: millilitres and caffeine per drink type id, and the caffeine of
/// imported caffeine records (which belong to no type).
public struct DayTotals: Sendable, Equatable {
  /// Millilitres per drink type id; types without entries are absent.
  public var volumeByType: [DrinkType.ID: Double] = [:]
  /// Milligrams of caffeine per drink type id, for types whose entries had caffeine.
  public var caffeineByType: [DrinkType.ID: Double] = [:]
  /// Milligrams of caffeine records linked to no drink.
  public var caffeineRecords: Double = 0

  public init(
    volumeByType: [DrinkType.ID: Double] = [:], caffeineByType: [DrinkType.ID: Double] = [:],
    caffeineRecords: Double = 0
  ) {
    self.volumeByType = volumeByType
    self.caffeineByType = caffeineByType
    self.caffeineRecords = caffeineRecords
  }
}

extension DrinkStore {
  /// The totals of each of `days` (local days of the zone `zone`, in order).
  ///
  /// Days that ended by `settledBefore` come from the `day_total` cache when it has them; the
  /// others are summed from the entries, and the settled ones among them are written to the
  /// cache in the same transaction as the sums, so no concurrent change slips in between.
  /// So the cost of a long streak or a year is a few rows per day once the cache is warm, and
  /// a day in progress (which changes with every `log`) is always summed afresh.
  /// A database that cannot be written (read-only, or another process holding the write lock:
  /// this write never waits for it) is only read.
  public func dayTotals(in days: [DateInterval], zone: String, settledBefore: Date) throws
    -> [DayTotals]
  {
    guard !days.isEmpty else { return [] }
    let totals = try read { db in try Self.dayTotals(days, zone: zone, settled: settledBefore, db) }
    if totals.missing.isEmpty { return totals.days }
    do {
      return try writeWithoutWaiting { db in
        try Self.dayTotals(days, zone: zone, settled: settledBefore, fill: true, db).days
      }
    } catch is StoreError {
      // Read-only, locked by another process, a full disk, a file the write check refuses:
      // the cache is a convenience, and the sums can still be read.
      return try read { db in
        let sums = IntervalSums(db)
        var result = totals.days
        for index in totals.missing { result[index] = try sums.totals(in: days[index]) }
        return result
      }
    }
  }

  /// The cached days among `days`, the others summed from the entries (and, when `fill`,
  /// cached once settled); `missing` lists the settled days the cache did not have.
  private static func dayTotals(
    _ days: [DateInterval], zone: String, settled: Date, fill: Bool = false, _ db: Database
  ) throws -> (days: [DayTotals], missing: [Int]) {
    // Days may come in any order (a streak walks backwards).
    let starts = days.map(\.start)
    let cached = try cachedDays(from: starts.min()!, through: starts.max()!, zone, db)
    let sums = IntervalSums(db)
    var result: [DayTotals] = []
    var missing: [Int] = []
    result.reserveCapacity(days.count)
    for (index, day) in days.enumerated() {
      if let hit = cached[day.start.unixSeconds], hit.end == day.end.unixSeconds {
        result.append(hit.totals)
        continue
      }
      let isSettled = day.end <= settled
      if isSettled { missing.append(index) }
      if isSettled && !fill {
        // Summed in the write transaction that caches it; a placeholder until then.
        result.append(DayTotals())
        continue
      }
      let totals = try sums.totals(in: day)
      if isSettled { try cache(totals, of: day, zone: zone, db) }
      result.append(totals)
    }
    if fill && !missing.isEmpty {
      // One zone at a time: a person who moved computes the new zone's days afresh.
      try db.execute(sql: "DELETE FROM day_total WHERE zone <> ?", arguments: [zone])
    }
    return (result, missing)
  }

  private static func cachedDays(
    from first: Date, through last: Date, _ zone: String, _ db: Database
  )
    throws -> [Int64: (end: Int64, totals: DayTotals)]
  {
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT start_unix, end_unix, type_id, volume_ml, caffeine_mg FROM day_total
        WHERE start_unix >= ? AND start_unix <= ? AND zone = ?
        """, arguments: [first.unixSeconds, last.unixSeconds, zone])
    // Only days whose own row (type 0) is there: the mark that the day was computed whole.
    var days: [Int64: (end: Int64, totals: DayTotals)] = [:]
    var marked: Set<Int64> = []
    while let row = try rows.next() {
      let start: Int64 = row[0]
      let typeID: Int64 = row[2]
      var day = days[start] ?? (row[1], DayTotals())
      let volume: Double = row[3]
      let caffeine: Double = row[4]
      if typeID == 0 {
        day.totals.caffeineRecords = caffeine
        marked.insert(start)
      } else {
        let type = DrinkType.ID(rawValue: typeID)
        if volume != 0 { day.totals.volumeByType[type] = volume }
        if caffeine != 0 { day.totals.caffeineByType[type] = caffeine }
      }
      days[start] = day
    }
    return days.filter { marked.contains($0.key) }
  }

  private static func cache(_ totals: DayTotals, of day: DateInterval, zone: String, _ db: Database)
    throws
  {
    let insert = try db.cachedStatement(
      sql: """
        INSERT OR REPLACE INTO day_total (start_unix, zone, type_id, end_unix, volume_ml, caffeine_mg)
        VALUES (?, ?, ?, ?, ?, ?)
        """)
    let start = day.start.unixSeconds
    let end = day.end.unixSeconds
    try insert.execute(arguments: [start, zone, 0, end, 0, totals.caffeineRecords])
    for typeID in Set(totals.volumeByType.keys).union(totals.caffeineByType.keys) {
      try insert.execute(arguments: [
        start, zone, typeID, end, totals.volumeByType[typeID] ?? 0,
        totals.caffeineByType[typeID] ?? 0,
      ])
    }
  }
}

extension Date {
  /// Whole seconds since 1970, as `day_total` keeps a day's bounds (local days start on whole
  /// seconds; a decoded `Date` could differ from the computed one in its last bit).
  var unixSeconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }
}
