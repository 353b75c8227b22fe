import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

@Suite("Period buckets")
struct PeriodBucketTests {
  let newYork: CalendarContext

  init() throws {
    newYork = try Fixture.context("America/New_York", now: "2022-04-08T16:00:00Z")
  }

  @Test func leapFebruaryHasTwentyNineDays() throws {
    let february = Month(containing: try Fixture.instant("2024-02-10T12:00:00Z"), in: newYork)
    #expect(february.buckets.count == 29)
    #expect(february.buckets.last?.description == "Feb 29, 2024")
    let common = Month(containing: try Fixture.instant("2023-02-10T12:00:00Z"), in: newYork)
    #expect(common.buckets.count == 28)
  }

  @Test func halfYearWeeksAreClippedToItsMonths() throws {
    let halfYear = HalfYear(
      containing: try Fixture.instant("2022-04-15T12:00:00Z"), in: newYork)
    let weeks = halfYear.buckets
    #expect(weeks.first?.description == "Nov 1-6, 2021")
    #expect(weeks.first?.buckets.count == 6)
    #expect(weeks.last?.description == "Apr 24-30, 2022")
    #expect(weeks.count == 26)
  }

  @Test func halfYearClipsBothEndWeeksWhenNeitherIsWhole() throws {
    // Oct 1, 2021 is a Friday and Mar 31, 2022 a Thursday.
    let halfYear = HalfYear(
      containing: try Fixture.instant("2022-03-15T12:00:00Z"), in: newYork)
    #expect(halfYear.description == "Oct 2021 - Mar 2022")
    #expect(halfYear.buckets.first?.description == "Oct 1-2, 2021")
    #expect(halfYear.buckets.first?.accessibilityDescription == "Oct 1st to 2nd, 2021")
    #expect(halfYear.buckets.last?.description == "Mar 27-31, 2022")
    #expect(halfYear.buckets.last?.buckets.count == 5)
  }

  @Test func clippedWeekNavigatesByWholeWeeks() throws {
    let halfYear = HalfYear(
      containing: try Fixture.instant("2022-03-15T12:00:00Z"), in: newYork)
    let first = try #require(halfYear.buckets.first)
    #expect(first.fullWeek.description == "Sep 26 - Oct 2, 2021")
    #expect(first.next.description == "Oct 3-9, 2021")
    #expect(first.previous.description == "Sep 19-25, 2021")
  }

  @Test func yearSplitsIntoTwelveMonthsAndCalendarYearEndsInDecember() throws {
    let december = Month(containing: try Fixture.instant("2021-12-15T12:00:00Z"), in: newYork)
    let calendarYear = Year(endingWith: december)
    #expect(calendarYear.description == "Jan 2021 - Dec 2021")
    #expect(calendarYear.buckets.map(\.description).first == "Jan 2021")
    #expect(calendarYear.buckets.count == 12)
    #expect(calendarYear.referenceMonth == december)
  }

  @Test func periodForwardsToTheWrappedValueAndItsBuckets() throws {
    let week = Week(containing: try Fixture.instant("2022-04-06T12:00:00Z"), in: newYork)
    let period = Period.week(week)
    #expect(period.kind == .week)
    #expect(period.description == "Apr 3-9, 2022")
    #expect(period.buckets == week.buckets.map(Period.day))
    #expect(period.previous == .week(week.previous))
    #expect(period.isCurrent)
    #expect(!period.isInFuture)
    #expect(period.next.isInFuture)
    #expect(Period.hour(Hour(containing: week.interval.start, in: newYork)).buckets.isEmpty)
  }

  @Test func periodsAreEqualByIntervalAndContext() throws {
    let instant = try Fixture.instant("2022-04-06T12:00:00Z")
    let other = try Fixture.context("America/New_York", now: "2022-04-09T16:00:00Z")
    #expect(Week(containing: instant, in: newYork) == Week(containing: instant, in: newYork))
    #expect(Week(containing: instant, in: newYork) != Week(containing: instant, in: other))
  }

  @Test func containsIsHalfOpen() throws {
    let day = Day(containing: try Fixture.instant("2022-04-06T12:00:00Z"), in: newYork)
    #expect(day.contains(day.interval.start))
    #expect(!day.contains(day.interval.end))
    #expect(day.next.contains(day.interval.end))
  }
}
