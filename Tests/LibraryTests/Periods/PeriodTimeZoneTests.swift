import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

@Suite("Periods across DST, odd offsets and skipped days")
struct PeriodTimeZoneTests {
  @Test(arguments: [
    ("America/New_York", "2022-03-13T12:00:00Z", 23),
    ("America/New_York", "2022-11-06T12:00:00Z", 25),
    ("Europe/Berlin", "2022-03-27T12:00:00Z", 23),
    ("Europe/Berlin", "2022-10-30T12:00:00Z", 25),
    ("Europe/Berlin", "2022-07-01T12:00:00Z", 24),
  ])
  func dstDaysHaveAsManyHoursAsTheClockShows(zone: String, instant: String, hours: Int) throws {
    let context = try Fixture.context(zone)
    let day = Day(containing: try Fixture.instant(instant), in: context)
    #expect(day.buckets.count == hours)
    #expect(day.interval.hours == Double(hours))
    #expect(day.buckets.allSatisfy { $0.interval.duration == 3600 })
  }

  @Test func repeatedHourIsLabelledWithItsZone() throws {
    let context = try Fixture.context("America/New_York")
    let day = Day(containing: try Fixture.instant("2022-11-06T12:00:00Z"), in: context)
    let labels = day.buckets.prefix(4).map(\.description)
    #expect(labels == ["12 AM", "1 AM EDT", "1 AM EST", "2 AM"])
  }

  @Test func repeatedHourInBerlinGetsTwoDistinctLabels() throws {
    let context = try Fixture.context("Europe/Berlin")
    let day = Day(containing: try Fixture.instant("2022-10-30T12:00:00Z"), in: context)
    let labels = day.buckets.map(\.description)
    #expect(labels[2].hasPrefix("2 AM ") && labels[3].hasPrefix("2 AM "))
    #expect(labels[2] != labels[3])
    #expect(labels[1] == "1 AM" && labels[4] == "3 AM")
  }

  @Test func bothAmbiguousHalfPastOnesFallInDifferentBuckets() throws {
    let context = try Fixture.context("America/New_York")
    let daylight = try Fixture.instant("2022-11-06T01:30:00-04:00")
    let standard = try Fixture.instant("2022-11-06T01:30:00-05:00")
    let buckets = Day(containing: daylight, in: context).buckets
    let daylightBuckets = buckets.filter { $0.contains(daylight) }
    let standardBuckets = buckets.filter { $0.contains(standard) }
    #expect(daylightBuckets.count == 1)
    #expect(standardBuckets.count == 1)
    #expect(daylightBuckets != standardBuckets)
    #expect(Hour(containing: daylight, in: context).description == "1 AM EDT")
    #expect(Hour(containing: standard, in: context).description == "1 AM EST")
  }

  @Test func kolkataHoursStartOnTheHalfHourUTC() throws {
    let context = try Fixture.context("Asia/Kolkata")
    let day = Day(containing: try Fixture.instant("2022-04-08T12:00:00Z"), in: context)
    #expect(day.interval.start == (try Fixture.instant("2022-04-07T18:30:00Z")))
    #expect(day.buckets.count == 24)
    #expect(day.buckets[15].description == "3 PM")
  }

  /// Lord Howe shifts by 30 minutes. Its day is 24.5 h when clocks go back (the wall hour 1 AM
  /// lasts 90 minutes) and 23.5 h when they go forward (2 AM lasts 30 minutes).
  @Test(arguments: [
    ("2022-04-03T01:00:00Z", 24.5, 1, 90.0),
    ("2022-10-02T01:00:00Z", 23.5, 2, 30.0),
  ])
  func lordHoweDstDaysTileExactly(
    instant: String, dayHours: Double, oddIndex: Int, oddMinutes: Double
  ) throws {
    let context = try Fixture.context("Australia/Lord_Howe")
    let day = Day(containing: try Fixture.instant(instant), in: context)
    let buckets = day.buckets
    #expect(day.interval.hours == dayHours)
    #expect(buckets.count == 24)
    #expect(buckets.first?.interval.start == day.interval.start)
    #expect(buckets.last?.interval.end == day.interval.end)
    #expect(zip(buckets, buckets.dropFirst()).allSatisfy { $0.interval.end == $1.interval.start })
    #expect(buckets[oddIndex].interval.duration / 60 == oddMinutes)
    let total = buckets.map(\.interval.duration).reduce(0, +)
    #expect(total == day.interval.duration)
  }

  @Test func apiaDecember2011HasNoThirtieth() throws {
    let context = try Fixture.context("Pacific/Apia")
    let december = Month(containing: try Fixture.instant("2011-12-15T00:00:00Z"), in: context)
    let labels = december.buckets.map(\.description)
    #expect(labels.count == 30)
    #expect(!labels.contains("Dec 30, 2011"))
    #expect(labels.suffix(2) == ["Dec 29, 2011", "Dec 31, 2011"])
    let twentyNinth = try #require(december.buckets.dropLast().last)
    #expect(twentyNinth.next.description == "Dec 31, 2011")
    #expect(twentyNinth.next.previous == twentyNinth)
  }

  @Test func apiaWeekAcrossTheSkippedDayHasSixDays() throws {
    let context = try Fixture.context("Pacific/Apia")
    let week = Week(containing: try Fixture.instant("2011-12-29T00:00:00Z"), in: context)
    #expect(week.description == "Dec 25-31, 2011")
    #expect(week.buckets.count == 6)
    #expect(week.next.description == "Jan 1-7, 2012")
    #expect(week.next.previous == week)
  }
}
