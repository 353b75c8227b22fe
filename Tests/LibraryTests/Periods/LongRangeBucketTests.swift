import Foundation
import Testing

@testable import LiquidusModel

/// A range longer than two years is shown by its months (issue 41: a century of day buckets
/// was 36,525 rows): the months tile the range exactly, clipped at both ends, in a zone whose
/// days are 23 and 25 hours long twice a year.
@Suite struct LongRangeBucketTests {
  let newYork: CalendarContext

  init() throws {
    newYork = try Fixture.context("America/New_York", now: "2026-11-20T16:00:00Z")
  }

  func range(_ first: String, _ last: String) throws -> DayRange {
    let day = { (text: String) in
      Day(containing: try Fixture.instant("\(text)T12:00:00-05:00"), in: self.newYork)
    }
    return try #require(DayRange(from: try day(first), through: try day(last)))
  }

  @Test func aCenturyIsItsMonthsTilingTheRange() throws {
    let century = try range("1926-11-21", "2026-11-20")
    let buckets = Period.range(century).buckets
    #expect(buckets.count == 1_201)
    #expect(buckets.first?.description == "Nov 21-30, 1926")
    #expect(buckets.last?.description == "Nov 1-20, 2026")
    #expect(buckets.first?.interval.start == century.interval.start)
    #expect(buckets.last?.interval.end == century.interval.end)
    for (earlier, later) in zip(buckets, buckets.dropFirst()) {
      #expect(earlier.interval.end == later.interval.start)
    }
    #expect(buckets.dropFirst().dropLast().allSatisfy { $0.kind == .month })
  }

  @Test func theLimitIsTwoYearsOfDays() throws {
    let most = try range("2024-11-20", "2026-11-20")
    #expect(!most.isShownByMonths)
    #expect(Period.range(most).buckets.count == DayRange.mostDays)
    let more = try range("2024-11-19", "2026-11-20")
    #expect(more.isShownByMonths)
    #expect(Period.range(more).buckets.count == 25)
  }

  @Test func aRangeOfWholeMonthsHasNoClippedEnds() throws {
    let whole = try range("2020-01-01", "2023-12-31")
    let buckets = Period.range(whole).buckets
    #expect(buckets.count == 48)
    #expect(buckets.allSatisfy { $0.kind == .month })
  }
}
