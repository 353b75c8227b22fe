import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusStore

/// A limit: days count while they stay within it, every drink whole.
@Suite struct GoalLimitTests {
  /// A 1,500 mL limit since the beginning; Monday to Thursday, with Tuesday over it.
  private func limitedWeek() throws -> TrendFixture {
    let fixture = try TrendFixture()
    try fixture.store.recordGoal(
      GoalChange(
        from: nil, target: DailyTarget(amount: Volume(milliliters: 1500), kind: .limit),
        changedAt: fixture.context.now))
    _ = try fixture.store.setHydrationFactor(0.5, ofType: "Coffee")
    for (day, water) in [(16, 1000.0), (17, 1400), (18, 1200), (19, 1300)] {
      try fixture.log("water", water, at: "2026-11-\(day) 09:00")
    }
    // Tuesday: 1,400 + 400 = 1,800 mL whole, though coffee counts half toward a goal.
    try fixture.log("coffee", 400, at: "2026-11-17 10:00")
    return fixture
  }

  @Test func daysWithinTheLimitAreTheKeptDaysAndEveryDrinkCountsWhole() throws {
    let fixture = try limitedWeek()
    _ = try fixture.report("week")  // the ended days into the cache, which the streak reads
    let report = try fixture.report("week")
    #expect(report.days.prefix(6).map(\.goalMet) == [true, true, false, true, true, true])
    // Sunday came before the first entry: not a day kept, but no day at all.
    #expect(report.streaks.goalDays == 4)
    #expect(report.streaks.current == 3)  // today (within so far), Thursday, Wednesday
    #expect(report.isLimit)
  }

  @Test func theBarChartDrawsTheLimitAndMarksTheBarOverItInWords() throws {
    let report = try limitedWeek().report("week")
    let spec = BarChart(report: report).spec()
    #expect(spec.script.contains("title 'Limit'"))
    #expect(spec.script.contains("set label 900 'over' at 2,1800 center"), "\(spec.script)")
    #expect(!spec.script.contains("set label 901"))
    #expect(spec.description.contains("Marked over the limit: Tuesday, Nov 17th."))
  }
}
