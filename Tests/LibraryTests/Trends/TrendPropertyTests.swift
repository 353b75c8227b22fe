import Foundation
import LiquidusTestSupport
import PropertyBased
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

/// Random entries in several zones, summed per local hour, day, week and month by the test itself
/// (with Foundation's `Calendar` in the zone, from the raw instants and volumes) and compared
/// with the engine's total, types, days and buckets.
@Suite struct TrendPropertyTests {
  private static let zones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata"]
  private static let expressions = ["today", "week", "month", "half-year", "year", "last-month"]

  /// One logged drink as the test logged it.
  struct Entry {
    var instant: Date
    var milliliters: Double
    var typeID: DrinkType.ID
  }

  /// A fixture whose `now` falls somewhere in 2025-2026 (so periods straddle DST changes), with
  /// 150 random drinks within 200 days before it, and the drinks as logged.
  private func randomFixture(seed: UInt64, zone: String, firstWeekday: Int = 1) throws
    -> (fixture: TrendFixture, entries: [Entry])
  {
    var generator = SplitMix(seed: seed)
    let start = try Date("2025-01-01T00:00:00Z", strategy: .iso8601)
    let now = start.addingTimeInterval(Double(generator.next() % (2 * 365 * 86_400)))
    let fixture = try TrendFixture(
      now: now.formatted(.iso8601), zone: zone, firstWeekday: firstWeekday)
    let types = try fixture.store.allTypes().map { $0.id }
    var entries: [Entry] = []
    for _ in 0..<150 {
      let offset = Double(generator.next() % (200 * 86_400))
      let entry = Entry(
        instant: fixture.context.now - offset, milliliters: Double(generator.next() % 900 + 50),
        typeID: types[Int(generator.next() % UInt64(types.count))])
      try fixture.store.add(
        Drink(
          typeID: entry.typeID, volume: Volume(milliliters: entry.milliliters),
          instant: entry.instant))
      entries.append(entry)
    }
    return (fixture, entries)
  }

  /// A period worked out with Foundation's calendar alone: its bounds, the start of each local
  /// day (or hour, for a day) in it, and the bucket an instant falls in.
  struct HandPeriod {
    var start: Date
    var end: Date
    /// Day starts, or hour starts for `today`, in order.
    var units: [Date]
    /// The start of the bucket containing an instant in the period.
    var bucket: (Date) -> Date
    /// The start of the local day containing an instant.
    var day: (Date) -> Date

    func contains(_ instant: Date) -> Bool { start <= instant && instant < end }

    /// Bucket starts in order: each unit's bucket, once.
    var bucketStarts: [Date] {
      units.map(bucket).reduce(into: []) { starts, start in
        if starts.last != start { starts.append(start) }
      }
    }
  }

  private static func handPeriod(_ expression: String, now: Date, zone: String, firstWeekday: Int)
    -> HandPeriod
  {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    calendar.firstWeekday = firstWeekday
    func interval(_ unit: Calendar.Component, _ date: Date) -> DateInterval {
      calendar.dateInterval(of: unit, for: date)!
    }
    func steps(_ unit: Calendar.Component, from start: Date, to end: Date) -> [Date] {
      var result: [Date] = []
      var date = start
      while date < end {
        result.append(date)
        date = interval(unit, date).end
      }
      return result
    }
    let thisMonth = interval(.month, now).start
    func months(_ count: Int) -> Date {
      calendar.date(byAdding: .month, value: count, to: thisMonth)!
    }
    let day = { (instant: Date) in interval(.day, instant).start }
    switch expression {
    case "today":
      let today = interval(.day, now)
      return HandPeriod(
        start: today.start, end: today.end,
        units: steps(.hour, from: today.start, to: today.end),
        bucket: { interval(.hour, $0).start }, day: day)
    case "week", "month", "last-month":
      let whole =
        switch expression {
        case "week": interval(.weekOfYear, now)
        case "month": interval(.month, now)
        default: interval(.month, months(-1))
        }
      return HandPeriod(
        start: whole.start, end: whole.end, units: steps(.day, from: whole.start, to: whole.end),
        bucket: day, day: day)
    case "half-year":
      // Six months to the end of this one, in local weeks; the first is cut at the start.
      let start = months(-5)
      return HandPeriod(
        start: start, end: months(1), units: steps(.day, from: start, to: months(1)),
        bucket: { max(interval(.weekOfYear, $0).start, start) }, day: day)
    default:
      // "year": twelve months to the end of this one, by month.
      return HandPeriod(
        start: months(-11), end: months(1), units: steps(.day, from: months(-11), to: months(1)),
        bucket: { interval(.month, $0).start }, day: day)
    }
  }

  /// Millilitres per key, from the entries in `period`.
  private static func sums<Key: Hashable>(
    _ entries: [Entry], in period: HandPeriod, by key: (Entry) -> Key
  ) -> [Key: Double] {
    entries.filter { period.contains($0.instant) }.reduce(into: [:]) {
      $0[key($1), default: 0] += $1.milliliters
    }
  }

  @Test func totalTypesAndDaysEqualTheEntriesSummedByHand() async throws {
    await propertyCheck(
      count: 25, input: Gen.uint64(in: 0...UInt64.max), Gen.element(of: Self.zones),
      Gen.element(of: Self.expressions)
    ) { seed, zone, expression in
      guard let zone, let expression else { return }
      let (fixture, entries) = try randomFixture(seed: seed, zone: zone)
      let report = try fixture.report(expression)
      let hand = Self.handPeriod(
        expression, now: fixture.context.now, zone: zone, firstWeekday: 1)
      #expect(report.period.interval.start == hand.start, "\(expression) in \(zone)")
      #expect(report.period.interval.end == hand.end, "\(expression) in \(zone)")

      let total = Self.sums(entries, in: hand) { _ in 0 }[0] ?? 0
      #expect(report.total.milliliters == total, "\(expression) in \(zone)")

      let byType = Self.sums(entries, in: hand) { $0.typeID }
      let shares = Dictionary(
        uniqueKeysWithValues: report.shares.map { ($0.type.id, $0.total.milliliters) })
      #expect(shares == byType, "\(expression) in \(zone): every type that was drunk, once")

      // A day's one day is the whole period; longer periods list each local day.
      let dayStarts = expression == "today" ? [hand.start] : hand.units
      let byDay = Self.sums(entries, in: hand) { hand.day($0.instant) }
      #expect(report.days.map(\.day.interval.start) == dayStarts, "\(expression) in \(zone)")
      for day in report.days {
        #expect(
          day.total.milliliters == byDay[day.day.interval.start] ?? 0,
          "\(day.day) in \(expression) in \(zone)")
      }
    }
  }

  @Test func bucketsAreLocalUnitsHoldingTheirEntries() async throws {
    await propertyCheck(
      count: 25, input: Gen.uint64(in: 0...UInt64.max), Gen.element(of: Self.zones),
      Gen.element(of: Self.expressions)
    ) { seed, zone, expression in
      guard let zone, let expression else { return }
      // Weeks from Sunday or from Monday, which moves a half-year's week buckets.
      let firstWeekday = seed % 2 == 0 ? 1 : 2
      let (fixture, entries) = try randomFixture(
        seed: seed, zone: zone, firstWeekday: firstWeekday)
      let report = try fixture.report(expression)
      let hand = Self.handPeriod(
        expression, now: fixture.context.now, zone: zone, firstWeekday: firstWeekday)
      let label = "\(expression) in \(zone) from weekday \(firstWeekday)"

      // The buckets tile the period: each starts where the local unit does and ends where the
      // next begins.
      let starts = hand.bucketStarts
      #expect(report.buckets.map(\.period.interval.start) == starts, "\(label)")
      #expect(
        report.buckets.map(\.period.interval.end) == Array(starts.dropFirst()) + [hand.end],
        "\(label)")

      struct Key: Hashable {
        var bucket: Date
        var type: DrinkType.ID
      }
      let byBucket = Self.sums(entries, in: hand) { hand.bucket($0.instant) }
      let byBucketAndType = Self.sums(entries, in: hand) {
        Key(bucket: hand.bucket($0.instant), type: $0.typeID)
      }
      for bucket in report.buckets {
        let start = bucket.period.interval.start
        #expect(bucket.total.milliliters == byBucket[start] ?? 0, "\(bucket.period) in \(label)")
        let expected = byBucketAndType.filter { $0.key.bucket == start }
        #expect(
          Dictionary(uniqueKeysWithValues: expected.map { ($0.key.type, $0.value) })
            == bucket.byType.mapValues(\.milliliters), "\(bucket.period) in \(label)")
      }
    }
  }
}
