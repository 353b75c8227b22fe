import Foundation
import PropertyBased
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

@Suite("Period expressions")
struct PeriodExpressionTests {
  /// Friday, Nov 20, 2026, 15:03 in Berlin.
  let context: CalendarContext

  init() throws {
    context = try Fixture.context("Europe/Berlin", now: "2026-11-20T14:03:00Z")
  }

  private func label(_ text: String) throws -> String {
    try PeriodExpression.parse(text, in: context).description
  }

  @Test(arguments: [
    ("today", PeriodKind.day, "Nov 20, 2026"),
    ("yesterday", .day, "Nov 19, 2026"),
    ("week", .week, "Nov 15-21, 2026"),
    ("last-week", .week, "Nov 8-14, 2026"),
    ("month", .month, "Nov 2026"),
    ("last-month", .month, "Oct 2026"),
    ("half-year", .halfYear, "Jun 2026 - Nov 2026"),
    ("year", .year, "Dec 2025 - Nov 2026"),
    ("2026-11-20", .day, "Nov 20, 2026"),
    ("2026-11", .month, "Nov 2026"),
    ("2026-H1", .halfYear, "Jan 2026 - Jun 2026"),
    ("2026-H2", .halfYear, "Jul 2026 - Dec 2026"),
    ("2026", .year, "Jan 2026 - Dec 2026"),
    ("week:2026-11-02", .week, "Nov 1-7, 2026"),
  ])
  func everyFormNamesItsPeriod(text: String, kind: PeriodKind, label: String) throws {
    let period = try PeriodExpression.parse(text, in: context)
    #expect(period.kind == kind)
    #expect(period.description == label)
  }

  @Test(arguments: [
    ("week-1", "Nov 8-14, 2026"),
    ("month+2", "Jan 2027"),
    ("today-3", "Nov 17, 2026"),
    ("2026-11-20+1", "Nov 21, 2026"),
    ("2026-11-20-20", "Oct 31, 2026"),
    ("2026-H1-1", "Jul 2025 - Dec 2025"),
    ("2026-h2+1", "Jan 2027 - Jun 2027"),
    ("2026+1", "Jan 2027 - Dec 2027"),
    ("2026-100", "Jan 1926 - Dec 1926"),
    ("last-week-1", "Nov 1-7, 2026"),
    ("week:2026-11-20+52", "Nov 14-20, 2027"),
    ("year-1", "Dec 2024 - Nov 2025"),
    ("  WEEK-1  ", "Nov 8-14, 2026"),
    ("Today+0", "Nov 20, 2026"),
  ])
  func stepsMoveByTheirOwnKind(text: String, label: String) throws {
    #expect(try self.label(text) == label)
  }

  @Test func stepsAgreeWithNavigation() throws {
    #expect(
      try PeriodExpression.parse("week-1", in: context)
        == .week(Week(containing: context.now, in: context).previous))
    #expect(
      try PeriodExpression.parse("week-1", in: context)
        == PeriodExpression.parse("last-week", in: context))
    #expect(
      try PeriodExpression.parse("2026-H1-1", in: context)
        == PeriodExpression.parse("2025-H2", in: context))
  }

  @Test(arguments: [
    ("", PeriodExpressionError.empty),
    ("weak", .unknown("weak")),
    ("2026/11/20", .unknown("2026/11/20")),
    ("2026-11-1", .ambiguous("2026-11-1", suggestions: ["2026-11-01", "2026-10"])),
    ("2026-1", .ambiguous("2026-1", suggestions: ["2026-01", "2025"])),
    ("2026-02-30", .impossibleDay("2026-02-30", daysInMonth: 28)),
    ("2026-13", .impossibleMonth("2026-13")),
    ("0000", .outOfRange("0000")),
    ("2026+9000", .outOfRange("2026+9000")),
    ("week+", .unknown("week+")),
  ])
  func badInputIsRejectedWithAReason(text: String, error: PeriodExpressionError) {
    #expect(throws: error) { try PeriodExpression.parse(text, in: self.context) }
  }

  @Test func unknownPeriodMessageListsTheAcceptedForms() {
    let message = PeriodExpressionError.unknown("weak").errorDescription
    #expect(
      message
        == "Unknown period 'weak'. Accepted: today, yesterday, week, last-week, month, "
        + "last-month, half-year, year, last-year, 2026-11-20, 2026-11, 2026-H1, 2026-H2, 2026, "
        + "week:2026-11-20, and a step like week-1 or month+2.")
    let ambiguous = PeriodExpressionError.ambiguous("2026-11-1", suggestions: ["2026-11-01"])
    #expect(ambiguous.errorDescription?.contains("2026-11-01") == true)
  }

  @Test func rangeCoversWholeDaysInclusive() throws {
    let period = try PeriodExpression.range(from: "2026-11-01", to: "2026-11-03", in: context)
    guard case .range(let range) = period else {
      Issue.record("expected a range, got \(period)")
      return
    }
    #expect(range.description == "Nov 1-3, 2026")
    #expect(range.buckets.count == 3)
    #expect(range.previous.description == "Oct 29-31, 2026")
    #expect(range.next.description == "Nov 4-6, 2026")
  }

  @Test func rangeRejectsReversedAndMalformedBounds() {
    #expect(
      throws: PeriodExpressionError.rangeEndsBeforeStart(from: "2026-11-03", to: "2026-11-01")
    ) {
      try PeriodExpression.range(from: "2026-11-03", to: "2026-11-01", in: self.context)
    }
    #expect(throws: PeriodExpressionError.notADay("2026-11")) {
      try PeriodExpression.range(from: "2026-11", to: "2026-11-01", in: self.context)
    }
    #expect(throws: PeriodExpressionError.impossibleDay("2026-02-30", daysInMonth: 28)) {
      try PeriodExpression.range(from: "2026-02-01", to: "2026-02-30", in: self.context)
    }
  }

  /// `DATE-1` and `DATE+1` name the same days as navigating from `DATE`, in every zone.
  @Test func dayStepsMatchNavigationEverywhere() async {
    let input = zip(Gen.dateTime(inYear: 1970...2100), Gen.int(in: 0..<Fixture.zones.count))
    await propertyCheck(count: 200, input: input) { instant, zone in
      let context = try Fixture.context(Fixture.zones[zone])
      let day = Day(containing: instant, in: context)
      let text = context.localDate(of: day.interval.start).description
      #expect(try PeriodExpression.parse(text, in: context) == .day(day))
      #expect(try PeriodExpression.parse(text + "-1", in: context) == .day(day.previous))
      #expect(try PeriodExpression.parse(text + "+1", in: context) == .day(day.next))
      let week = "week:" + text
      #expect(
        try PeriodExpression.parse(week, in: context)
          == .week(Week(containing: instant, in: context)))
      let month = String(text.prefix(7)) + "-1"
      #expect(
        try PeriodExpression.parse(month, in: context)
          == .month(Month(containing: instant, in: context).previous))
    }
  }
}
