import Foundation
import PropertyBased
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

/// Invariants every period must keep, checked over random instants (1970-2100), zones, first
/// weekdays and kinds.
@Suite("Period properties")
struct PeriodPropertyTests {
  static let count = 200

  /// A random period: its reference instant, and a position (0...1) for a second instant in it.
  struct Sample: Sendable, CustomStringConvertible {
    var instant: Date
    var zone: String
    var firstWeekday: Int
    var kind: PeriodKind
    var rangeDays: Int
    var position: Double

    var description: String {
      "\(kind) at \(instant) in \(zone), first weekday \(firstWeekday), range \(rangeDays)"
    }

    func period() throws -> Period {
      let timeZone = try #require(TimeZone(identifier: zone))
      let context = CalendarContext(now: instant, timeZone: timeZone, firstWeekday: firstWeekday)
      switch kind {
      case .hour: return .hour(Hour(containing: instant, in: context))
      case .day: return .day(Day(containing: instant, in: context))
      case .week: return .week(Week(containing: instant, in: context))
      case .month: return .month(Month(containing: instant, in: context))
      case .halfYear: return .halfYear(HalfYear(containing: instant, in: context))
      case .year: return .year(Year(containing: instant, in: context))
      case .range:
        let first = Day(containing: instant, in: context)
        let last = (1..<rangeDays).reduce(first) { day, _ in day.next }
        return .range(try #require(DayRange(from: first, through: last)))
      }
    }

    /// An instant inside the period at `position` of its length.
    func inner(_ period: Period) -> Date {
      let offset = (period.interval.duration * position).rounded(.down)
      return min(
        period.interval.start.addingTimeInterval(offset), instantBefore(period.interval.end))
    }
  }

  static let samples = zip(
    Gen.dateTime(inYear: 1970...2100), Gen.int(in: 0..<Fixture.zones.count), Gen.int(in: 1...7),
    Gen<PeriodKind>.case, Gen.int(in: 1...40), Gen.double(in: 0...1)
  ).map { instant, zone, firstWeekday, kind, rangeDays, position in
    Sample(
      instant: instant, zone: Fixture.zones[zone], firstWeekday: firstWeekday, kind: kind,
      rangeDays: rangeDays, position: position)
  }

  @Test func periodContainsItsReferenceInstantAndIsCurrent() async {
    await propertyCheck(count: Self.count, input: Self.samples) { sample in
      let period = try sample.period()
      #expect(period.contains(sample.instant), "\(sample)")
      #expect(period.isCurrent, "\(sample)")
      #expect(period.interval.duration > 0, "\(sample)")
    }
  }

  @Test func bucketsTileThePeriodWithoutGapOrOverlap() async {
    await propertyCheck(count: Self.count, input: Self.samples) { sample in
      let period = try sample.period()
      let buckets = period.buckets
      guard period.kind != .hour else { return #expect(buckets.isEmpty) }
      #expect(buckets.first?.interval.start == period.interval.start, "\(sample)")
      #expect(buckets.last?.interval.end == period.interval.end, "\(sample)")
      for (earlier, later) in zip(buckets, buckets.dropFirst()) {
        #expect(earlier.interval.end == later.interval.start, "\(sample)")
        #expect(earlier.interval.duration > 0, "\(sample)")
      }
    }
  }

  @Test func everyInstantFallsInExactlyOneBucket() async {
    await propertyCheck(count: Self.count, input: Self.samples) { sample in
      let period = try sample.period()
      guard period.kind != .hour else { return }
      let buckets = period.buckets
      let probes = [
        sample.instant, sample.inner(period), period.interval.start,
        instantBefore(period.interval.end),
      ]
      for probe in probes {
        #expect(buckets.count { $0.contains(probe) } == 1, "\(sample) probe \(probe)")
      }
    }
  }

  @Test func nextAndPreviousAreInverse() async {
    await propertyCheck(count: Self.count, input: Self.samples) { sample in
      let period = try sample.period()
      #expect(period.next.previous == period, "\(sample)")
      #expect(period.previous.next == period, "\(sample)")
      #expect(period.next.interval.start == period.interval.end, "\(sample)")
      #expect(period.previous.interval.end == period.interval.start, "\(sample)")
      #expect(period.next.kind == period.kind)
    }
  }
}
