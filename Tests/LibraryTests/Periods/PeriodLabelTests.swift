import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

@Suite("Period labels (en_US)")
struct PeriodLabelTests {
  let newYork: CalendarContext

  init() throws {
    newYork = try Fixture.context("America/New_York", now: "2022-04-08T16:00:00Z")
  }

  @Test func hourLabelsUseTwelveHourClock() throws {
    let afternoon = Hour(containing: try Fixture.instant("2022-04-08T19:20:00Z"), in: newYork)
    let midnight = Hour(containing: try Fixture.instant("2022-04-08T04:00:00Z"), in: newYork)
    #expect(afternoon.description == "3 PM")
    #expect(midnight.description == "12 AM")
    #expect(afternoon.accessibilityDescription == "3 PM")
  }

  @Test func dayLabelIsAbbreviatedAndSpokenRelativeToNow() throws {
    let today = Day(containing: newYork.now, in: newYork)
    #expect(today.description == "Apr 8, 2022")
    #expect(today.accessibilityDescription == "Today")
    #expect(today.previous.accessibilityDescription == "Yesterday")
    #expect(today.previous.previous.accessibilityDescription == "April 6th, 2022")
    #expect(today.next.accessibilityDescription == "April 9th, 2022")
  }

  @Test(arguments: [
    ("2022-04-06T12:00:00Z", "Apr 3-9, 2022", "Apr 3rd to 9th, 2022"),
    ("2022-03-30T12:00:00Z", "Mar 27 - Apr 2, 2022", "Mar 27th to Apr 2nd, 2022"),
    ("2021-12-29T12:00:00Z", "Dec 26, 2021 - Jan 1, 2022", "Dec 26th, 2021 to Jan 1st, 2022"),
  ])
  func weekLabelsSpanMonthAndYearEnds(instant: String, label: String, spoken: String) throws {
    let week = Week(containing: try Fixture.instant(instant), in: newYork)
    #expect(week.description == label)
    #expect(week.accessibilityDescription == spoken)
    #expect(week.buckets.count == 7)
  }

  @Test func mondayFirstWeekStartsOnMonday() throws {
    let context = try Fixture.context("America/New_York", firstWeekday: 2)
    let week = Week(containing: try Fixture.instant("2022-04-06T12:00:00Z"), in: context)
    #expect(week.description == "Apr 4-10, 2022")
    let newYear = Week(containing: try Fixture.instant("2022-01-01T12:00:00Z"), in: context)
    #expect(newYear.description == "Dec 27, 2021 - Jan 2, 2022")
    #expect(newYear.buckets.first?.description == "Dec 27, 2021")
  }

  @Test func monthLabelsAbbreviateOnlyTheVisualForm() throws {
    let month = Month(containing: try Fixture.instant("2022-04-15T12:00:00Z"), in: newYork)
    #expect(month.description == "Apr 2022")
    #expect(month.accessibilityDescription == "April 2022")
  }

  @Test func halfYearAndYearEndWithTheReferenceMonth() throws {
    let instant = try Fixture.instant("2022-04-15T12:00:00Z")
    let halfYear = HalfYear(containing: instant, in: newYork)
    #expect(halfYear.description == "Nov 2021 - Apr 2022")
    #expect(halfYear.accessibilityDescription == "Nov 2021 to Apr 2022")
    let year = Year(containing: instant, in: newYork)
    #expect(year.description == "May 2021 - Apr 2022")
    #expect(year.accessibilityDescription == "May 2021 to Apr 2022")
    #expect(year.previous.description == "May 2020 - Apr 2021")
    #expect(halfYear.next.description == "May 2022 - Oct 2022")
  }

  @Test func dayRangeIsLabelledLikeAWeekOrADay() throws {
    let context = try Fixture.context("Europe/Berlin")
    let first = Day(containing: try Fixture.instant("2026-11-01T12:00:00Z"), in: context)
    let range = try #require(DayRange(from: first, through: first.next.next))
    #expect(range.description == "Nov 1-3, 2026")
    #expect(range.accessibilityDescription == "Nov 1st to 3rd, 2026")
    let single = try #require(DayRange(from: first, through: first))
    #expect(single.description == "Nov 1, 2026")
    #expect(single.accessibilityDescription == "November 1st, 2026")
    #expect(DayRange(from: first.next, through: first) == nil)
  }

  @Test func otherLocalesUseTheirOwnFormats() throws {
    let context = CalendarContext(
      now: try Fixture.instant("2022-04-08T12:00:00Z"),
      timeZone: try #require(TimeZone(identifier: "Europe/Berlin")), firstWeekday: 2,
      locale: Locale(identifier: "de_DE"))
    let month = Month(containing: context.now, in: context)
    #expect(month.accessibilityDescription == "April 2022")
    let week = Week(containing: context.now, in: context)
    #expect(week.description == "4.–10. Apr. 2022")
    #expect(week.accessibilityDescription == "4.–10. April 2022")
  }
}

/// The first weekday setting wins over the locale's own first day.
@Suite struct FirstWeekdayTests {
  @Test(arguments: ["de_DE", "fr_FR", "en_GB", "en_US", "ja_JP"])
  func sundayWeeksStayOnSundayInAnyLocale(locale: String) {
    // Wednesday 2026-11-18, noon UTC.
    let wednesday = Date(timeIntervalSince1970: 1_795_003_200)
    for (firstWeekday, expected) in [(1, 15), (2, 16)] {
      let context = CalendarContext(
        now: wednesday, timeZone: TimeZone(identifier: "Europe/Berlin")!,
        firstWeekday: firstWeekday, locale: Locale(identifier: locale))
      let week = Week(containing: wednesday, in: context)
      let start = context.calendar.component(.day, from: week.interval.start)
      #expect(start == expected, "\(locale), first weekday \(firstWeekday)")
    }
  }
}

/// Week and range labels as each locale writes them, written out by hand.
@Suite struct LocaleLabelTests {
  static let expected: [(String, week: String, range: String)] = [
    ("en_US", "Apr 3-9, 2022", "Mar 28 - Apr 3, 2022"),
    ("en_GB", "3\u{2009}–\u{2009}9 Apr 2022", "28 Mar\u{2009}–\u{2009}3 Apr 2022"),
    ("de_DE", "3.–9. Apr. 2022", "28. März\u{2009}–\u{2009}3. Apr. 2022"),
    ("fr_FR", "3–9 avr. 2022", "28 mars\u{2009}–\u{2009}3 avr. 2022"),
    ("ja_JP", "2022年4月3日～9日", "2022年3月28日～4月3日"),
  ]

  @Test(arguments: expected)
  func weekAndRangeLabelsFollowTheLocale(locale: String, week: String, range: String) throws {
    // Friday 2022-04-08 noon in London; weeks start on Sunday.
    let context = CalendarContext(
      now: Date(timeIntervalSince1970: 1_649_419_200),
      timeZone: TimeZone(identifier: "Europe/London")!,
      firstWeekday: 1, locale: Locale(identifier: locale))
    #expect(Week(containing: context.now, in: context).description == week)
    let custom = try PeriodExpression.range(from: "2022-03-28", to: "2022-04-03", in: context)
    #expect(custom.description == range)
    #expect(!custom.description.contains(", 2022") || locale == "en_US")
  }
}
