import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusStore

/// A day in progress is compared with yesterday up to the same local time, not with all of
/// yesterday: at 10:00 the whole of yesterday would always make today look like a drop. Every
/// expected number below is worked by hand.
@Suite struct DayComparisonTests {
  /// Yesterday (Nov 19): 500 mL at 08:00 and 1,500 mL at 20:00, 2,000 in all. Today (Nov 20,
  /// now 10:00): 250 at 07:00 and 350 at 09:30, 600 so far.
  private func morning(clock: ClockStyle? = .twentyFourHour) throws -> TrendFixture {
    let fixture = try TrendFixture(now: "2026-11-20T10:00:00Z", clock: clock)
    try fixture.log("water", 500, at: "2026-11-19 08:00")
    try fixture.log("water", 1500, at: "2026-11-19 20:00")
    try fixture.log("water", 250, at: "2026-11-20 07:00")
    try fixture.log("water", 350, at: "2026-11-20 09:30")
    return fixture
  }

  @Test func todayIsComparedWithYesterdayUntilTheSameTime() throws {
    // Yesterday until 10:00 holds the 08:00 entry only: 500 mL. Change: 600 / 500 - 1 = +20%
    // (against all of yesterday, 2,000 mL, it was 600 / 2,000 - 1 = -70%).
    let report = try morning().report("today")
    let previous = try #require(report.previous)
    #expect(previous.comparedUntil == (try Date("2026-11-19T10:00:00Z", strategy: .iso8601)))
    #expect(previous.comparedTotal?.milliliters == 500)
    #expect(previous.total.milliliters == 2000)
    #expect(previous.comparedDays == nil && !previous.isPerDay)
    #expect(abs((previous.changePercent ?? 0) - 20) < 1e-9)

    let text = SummaryTable(report: report, useColor: false).render()
    #expect(
      text.contains("2,000 mL · change +20% against yesterday until 10:00 (500 mL)"), "\(text)")
    let words = SpokenSummary(report: report).paragraph()
    #expect(
      words.contains("That is 20 percent more than yesterday until 10:00 (500 milliliters)."),
      "\(words)")
    let headline = ReportHeadline(report: report).figures()
    #expect(
      headline.contains {
        $0.term == "Change" && $0.value == "+20% against yesterday until 10:00 (500 mL)"
      },
      "\(headline)")

    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(report.jsonText().utf8)) as? [String: Any])
    let previousJSON = try #require(json["previous"] as? [String: Any])
    #expect(json["change"] as? Double == 20)
    #expect(previousJSON["comparedUntil"] as? String == "2026-11-19T10:00:00Z")
    #expect(previousJSON["comparedTotal"] as? Double == 500)
    #expect(previousJSON["total"] as? Double == 2000)
    #expect(previousJSON["comparedDays"] == nil)
  }

  @Test func theTimeIsWrittenAsTheClockStyleWritesTimes() throws {
    let report = try morning(clock: .twelveHour).report("today")
    let text = SummaryTable(report: report, useColor: false).render()
    #expect(text.contains("change +20% against yesterday until 10:00 AM (500 mL)"), "\(text)")
    let words = SpokenSummary(report: report).paragraph()
    #expect(words.contains("than yesterday until 10:00 AM (500 milliliters)."), "\(words)")
  }

  @Test func aDayThatHasEndedIsComparedWithAllOfTheDayBefore() throws {
    // Yesterday (2,000 mL) against Nov 18 (nothing): no change, and no time in the words or
    // the JSON.
    let fixture = try morning()
    try fixture.log("water", 1000, at: "2026-11-18 21:00")
    let report = try fixture.report("yesterday")
    let previous = try #require(report.previous)
    #expect(previous.comparedUntil == nil)
    #expect(abs((previous.changePercent ?? 0) - 100) < 1e-9)
    let text = SummaryTable(report: report, useColor: false).render()
    #expect(text.contains("change +100%") && !text.contains("until"), "\(text)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(report.jsonText().utf8)) as? [String: Any])
    let previousJSON = try #require(json["previous"] as? [String: Any])
    #expect(previousJSON["comparedUntil"] == nil && previousJSON["comparedTotal"] == nil)
  }

  @Test func theSameTimeYesterdayIsOnTheClockAcrossTheNightTheClocksGoBack() throws {
    // New York, Sunday Nov 1, 2026 at 10:00 EST, 25 hours after Saturday 10:00 EDT: the day
    // before at the same time is 10:00 EDT, not 24 hours back (11:00 EDT), so the 10:30 EDT
    // entry is not compared. 600 against 500: +20% (with 10:30, 600 / 1,500 - 1 = -60%).
    let fixture = try TrendFixture(
      now: "2026-11-01T10:00:00-05:00", zone: "America/New_York", clock: .twentyFourHour)
    try fixture.log("water", 500, at: "2026-10-31 08:00")
    try fixture.log("water", 1000, at: "2026-10-31 10:30")
    try fixture.log("water", 600, at: "2026-11-01 09:00")
    let report = try fixture.report("today")
    let previous = try #require(report.previous)
    #expect(previous.comparedTotal?.milliliters == 500)
    #expect(abs((previous.changePercent ?? 0) - 20) < 1e-9)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(report.jsonText().utf8)) as? [String: Any])
    let previousJSON = try #require(json["previous"] as? [String: Any])
    #expect(previousJSON["comparedUntil"] as? String == "2026-10-31T10:00:00-04:00")
    let text = SummaryTable(report: report, useColor: false).render()
    #expect(text.contains("change +20% against yesterday until 10:00 (500 mL)"), "\(text)")
  }

  @Test func nothingYesterdayUntilNowSaysSo() throws {
    // Yesterday's only entry is at 20:00, after 10:00: nothing to compare with.
    let fixture = try TrendFixture(now: "2026-11-20T10:00:00Z", clock: .twentyFourHour)
    try fixture.log("water", 1500, at: "2026-11-19 20:00")
    try fixture.log("water", 600, at: "2026-11-20 09:30")
    let report = try fixture.report("today")
    #expect(report.previous?.changePercent == nil)
    let text = SummaryTable(report: report, useColor: false).render()
    #expect(text.contains("change no entries yesterday until 10:00"), "\(text)")
    let words = SpokenSummary(report: report).paragraph()
    #expect(words.contains("Nothing was logged yesterday until 10:00."), "\(words)")
  }
}
