import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusStore

/// Statistics count from the day of the first entry, and a period in progress is compared with
/// the same part of the previous one. Every expected number below is worked by hand.
///
/// Now is Friday 2026-11-20 18:00 UTC, weeks start on Monday, the goal is 2,000 mL.
@Suite struct FirstEntryStatisticsTests {
  /// First entry Wednesday Nov 11. Last week (Nov 9-15): Wed 1,500, Thu 1,500, Fri 3,000,
  /// Sat 1,000, Sun 1,000 = 8,000. This week (Nov 16-20 so far): 2,000, 1,000, 2,500, 1,500,
  /// 500 = 7,500.
  private func started() throws -> TrendFixture {
    let fixture = try TrendFixture(now: "2026-11-20T18:00:00Z", firstWeekday: 2)
    let days: [(String, Double)] = [
      ("11", 1500), ("12", 1500), ("13", 3000), ("14", 1000), ("15", 1000),
      ("16", 2000), ("17", 1000), ("18", 2500), ("19", 1500), ("20", 500),
    ]
    for (day, milliliters) in days {
      try fixture.log("water", milliliters, at: "2026-11-\(day) 12:00")
    }
    return fixture
  }

  @Test func aMonthCountsFromTheFirstEntry() throws {
    // November so far: Nov 11-20 are 10 days, 15,500 mL: 1,550 mL a day (not 15,500 / 20 =
    // 775). Goal days: Nov 13, 16 and 18 (3,000, 2,000, 2,500) = 3 of 10 (not of 20).
    let report = try started().report("2026-11")
    #expect(report.streaks.elapsedDays == 10)
    #expect(report.streaks.goalDays == 3)
    #expect(report.averages.perDay.milliliters == 1550)
    #expect(report.days[9].isBeforeStart && !report.days[10].isBeforeStart)
  }

  @Test func theSevenDayLineStartsOnTheSeventhDayOfEntries() throws {
    // Nov 17 is the seventh day from Nov 11: (1,500 + 1,500 + 3,000 + 1,000 + 1,000 + 2,000
    // + 1,000) / 7 = 11,000 / 7. Nov 7 (all seven days before the start) has no point, where
    // zeros would have drawn one at 0; Nov 16 has only six days behind it.
    let averages = DailyTotalsChart(report: try started().report("2026-11")).movingAverages()
    #expect(averages[6] == nil)
    #expect(averages[15] == nil)
    #expect(abs((averages[16]?.milliliters ?? 0) - 11000.0 / 7) < 1e-9)
  }

  @Test func theTrendFitsOnlyTheDaysSinceTheFirstEntry() throws {
    // The ten days Nov 11-20 around their mean (x 4.5, y 1,550): Sxy = -5,250, Sxx = 82.5, a
    // slope of -63.64 mL a day, -445.45 mL a day per week: down. With the 314 empty days of
    // 2026 before it as zeros, the same entries were a rise.
    let trend = try #require(try started().report("2026").trend)
    #expect(trend.direction == .down)
    #expect(abs(trend.slopePerWeek.milliliters - -5250.0 / 82.5 * 7) < 1e-6)
  }

  @Test func aWeekInProgressIsComparedDayForDayWhenThePersonStartedInsideTheComparedDays()
    throws
  {
    // This week has begun 5 days (Mon-Fri): 7,500 mL, 1,500 a day. Last week's first five days
    // (Nov 9-13) hold three since the start (Wed-Fri): 6,000 mL, 2,000 a day. Change:
    // 1,500 / 2,000 - 1 = -25% (the whole week, 8,000, would have said -6%; totals of
    // Mon-Fri, 7,500 against 6,000, +25%).
    let report = try started().report("week")
    let previous = try #require(report.previous)
    #expect(previous.comparedDays == 5)
    #expect(previous.comparedTotal?.milliliters == 6000)
    #expect(previous.total.milliliters == 8000)
    #expect(previous.isPerDay)
    #expect(abs((previous.changePercent ?? 0) - -25) < 1e-9)

    let text = SummaryTable(report: report, useColor: false).render()
    #expect(
      text.contains(
        "change -25% against its first 5 days (6,000 mL), a day, counted from the first entry"),
      "\(text)")
    #expect(text.contains("Goal 2,000 mL reached on 2 of 5 days"), "\(text)")
    let words = SpokenSummary(report: report).paragraph()
    #expect(
      words.contains(
        "That is 25 percent less a day, counted from your first entry, than the first 5 days of "
          + "the previous week"), "\(words)")

    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(report.jsonText().utf8)) as? [String: Any])
    let previousJSON = try #require(json["previous"] as? [String: Any])
    #expect(json["change"] as? Double == -25)
    #expect(previousJSON["comparedDays"] as? Int == 5)
    #expect(previousJSON["comparedTotal"] as? Double == 6000)
    #expect(previousJSON["perDay"] as? Bool == true)
    let streaks = try #require(json["streaks"] as? [String: Any])
    #expect(streaks["elapsedDays"] as? Int == 5)
  }

  @Test func aWeekInProgressIsComparedWithTheSameDaysOfTheWeekBefore() throws {
    // Started a week earlier (Nov 2 with 1,000 mL): last week is wholly counted, so totals
    // compare: this week's Mon-Fri 7,500 against last week's Mon-Fri, Nov 9-13: 6,000 (Nov 9
    // and 10 have nothing): +25%, not 7,500 / 8,000 - 1 = -6% against the whole week.
    let fixture = try started()
    try fixture.log("water", 1000, at: "2026-11-02 12:00")
    let report = try fixture.report("week")
    let previous = try #require(report.previous)
    #expect(previous.comparedDays == 5 && !previous.isPerDay)
    #expect(abs((previous.changePercent ?? 0) - 25) < 1e-9)
    let text = SummaryTable(report: report, useColor: false).render()
    #expect(text.contains("change +25% against its first 5 days (6,000 mL)"), "\(text)")
    #expect(!text.contains("counted from the first entry"), "\(text)")
  }

  @Test func aLimitIsNotKeptOnDaysBeforeTheFirstEntry() throws {
    // A 3,000 mL limit: every day Nov 11-20 is within it, so the streak is those 10 days (it
    // walked back to 1970 counting empty days as kept).
    let fixture = try started()
    try fixture.store.recordGoal(
      GoalChange(
        from: nil, target: DailyTarget(amount: Volume(milliliters: 3000), kind: .limit),
        changedAt: fixture.context.now))
    #expect(try fixture.report("week").streaks.current == 10)
  }
}
