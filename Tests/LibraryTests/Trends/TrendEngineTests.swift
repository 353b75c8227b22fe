import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

@Suite struct TrendEngineTests {
  @Test func weekTotalsStackByDayAndType() throws {
    let fixture = try TrendFixture()
    try fixture.log("water", 1500, at: "2026-11-16 09:00")
    try fixture.log("coffee", 300, at: "2026-11-16 08:00")
    try fixture.log("water", 500, at: "2026-11-17 23:59")
    try fixture.log("water", 999, at: "2026-11-22 00:00")  // next week: excluded
    let report = try fixture.report("week")
    let water = try fixture.store.type(named: "Water").id
    let coffee = try fixture.store.type(named: "Coffee").id
    #expect(report.buckets.count == 7)
    #expect(report.total.milliliters == 2300)
    #expect(report.buckets[1].byType[water]?.milliliters == 1500)
    #expect(report.buckets[1].byType[coffee]?.milliliters == 300)
    #expect(report.buckets[2].total.milliliters == 500)
    #expect(report.types.map(\.name) == ["Water", "Coffee"])
    #expect(abs(report.buckets[1].share(of: coffee) - 300.0 / 1800) < 1e-9)
  }

  @Test func sharesAreSortedLargestFirstAndSumToOne() throws {
    let fixture = try TrendFixture()
    try fixture.log("juice", 100, at: "2026-11-16 09:00")
    try fixture.log("coffee", 600, at: "2026-11-16 10:00")
    try fixture.log("water", 300, at: "2026-11-16 11:00")
    let shares = try fixture.report("week").shares
    #expect(shares.map(\.type.name) == ["Coffee", "Water", "Juice"])
    #expect(abs(shares.map(\.share).reduce(0, +) - 1) < 1e-9)
    #expect(shares.map(\.share) == [0.6, 0.3, 0.1])
  }

  @Test func goalDaysAndStreaksRunAcrossMonthEnds() throws {
    // Now is Dec 2; goal days Nov 28 - Dec 2 (five in a row), Nov 27 short, Nov 25-26 met.
    let fixture = try TrendFixture(now: "2026-12-02T20:00:00Z")
    for day in ["2026-11-25", "2026-11-26", "2026-11-28", "2026-11-29", "2026-11-30"] {
      try fixture.log("water", 2000, at: "\(day) 12:00")
    }
    try fixture.log("water", 1999, at: "2026-11-27 12:00")
    try fixture.log("water", 2500, at: "2026-12-01 12:00")
    try fixture.log("water", 2000, at: "2026-12-02 12:00")
    let november = try fixture.report("2026-11")
    #expect(november.streaks.goalDays == 5)
    #expect(november.streaks.longest == 3)
    #expect(november.streaks.elapsedDays == 6, "Nov 25 (the first entry) to 30")
    #expect(november.streaks.current == 5, "Nov 28 to Dec 2, across the month end")
    #expect(november.buckets[26].goalMet == false && november.buckets[25].goalMet == true)
  }

  @Test func todayStillShortDoesNotBreakTheStreak() throws {
    let fixture = try TrendFixture(now: "2026-11-20T08:00:00Z")
    try fixture.log("water", 2000, at: "2026-11-18 12:00")
    try fixture.log("water", 2000, at: "2026-11-19 12:00")
    try fixture.log("water", 500, at: "2026-11-20 07:00")
    #expect(try fixture.report("week").streaks.current == 2)
  }

  @Test func aStreakReadsTheCachedDaysAndGoesOnWhereTheCacheStops() throws {
    // Now is Dec 2 (already met); Nov 19 to Dec 1 met; Nov 18 short: a streak of 14.
    let fixture = try TrendFixture(now: "2026-12-02T20:00:00Z")
    let metDays = (19...30).map { "2026-11-\($0)" } + ["2026-12-01", "2026-12-02"]
    for day in metDays { try fixture.log("water", 2000, at: "\(day) 12:00") }
    try fixture.log("water", 1999, at: "2026-11-18 12:00")
    // The first report fills the cache as it walks; the second reads it in one run.
    #expect(try fixture.report("today").streaks.current == 14)
    #expect(try fixture.report("today").streaks.current == 14)
    // A drink on Nov 24 empties that day's cache: the run stops there and the walk goes on.
    try fixture.log("juice", 10, at: "2026-11-24 13:00")
    #expect(try fixture.report("today").streaks.current == 14)
    // Cached days count by each type's hydration factor, and only the filtered types.
    _ = try fixture.store.setHydrationFactor(0.5, ofType: "Water")
    try fixture.log("water", 2000, at: "2026-12-02 13:00")
    try fixture.log("water", 2000, at: "2026-12-01 13:00")
    for _ in 1...2 {
      #expect(try fixture.report("today").streaks.current == 2, "Nov 30's 2,000 mL count 1,000")
    }
    #expect(try fixture.report("today", types: ["Juice"]).streaks.current == 0)
  }

  @Test func averagesCountOnlyDaysThatHaveBegun() throws {
    // Friday Nov 20: six days of the week (from Sunday) have begun, five since the first entry
    // on Monday: 3,000 / 5.
    let fixture = try TrendFixture()
    try fixture.log("water", 1200, at: "2026-11-16 09:00")
    try fixture.log("water", 1800, at: "2026-11-18 09:00")
    let averages = try fixture.report("week").averages
    #expect(averages.perDay.milliliters == 600)
    #expect(averages.perActiveDay?.milliliters == 1500)
    #expect(averages.perBucket.milliliters == 600)
  }

  @Test func changeComparesWithThePreviousPeriodOfTheSameKind() throws {
    // Started long before (Nov 1), so the weeks compare total for total: Nov 15-20 against the
    // same six days of the week before, Nov 8-13.
    let fixture = try TrendFixture()
    try fixture.log("water", 700, at: "2026-11-01 09:00")
    try fixture.log("water", 1000, at: "2026-11-10 09:00")
    try fixture.log("water", 1500, at: "2026-11-17 09:00")
    let report = try fixture.report("week")
    #expect(report.previous?.period.description == "Nov 8-14, 2026")
    #expect(report.previous?.total.milliliters == 1000)
    #expect(report.previous?.changePercent == 50)
    let empty = try fixture.report("last-week-1")
    #expect(empty.previous?.changePercent == nil)
  }

  @Test func trendWordsFollowTheFittedChange() {
    let rising = (0..<100).map { 1500 + Double($0) * 5 }
    #expect(TrendLine.fit(dailyTotals: rising)?.direction == .up)
    #expect(TrendLine.fit(dailyTotals: rising.reversed())?.direction == .down)
    let flat = (0..<100).map { 2000 + ($0 % 2 == 0 ? 30.0 : -30) }
    #expect(TrendLine.fit(dailyTotals: flat)?.direction == .steady)
    // 7 mL a day more each day is 49 mL a day more each week.
    let line = TrendLine.fit(dailyTotals: (0..<10).map { Double($0) * 7 })
    #expect(abs((line?.slopePerWeek.milliliters ?? 0) - 49) < 1e-9)
    #expect(TrendLine.fit(dailyTotals: [1]) == nil)
  }

  @Test func halfYearsAndYearsCarryATrendWeeksDoNot() throws {
    let fixture = try TrendFixture()
    try fixture.log("water", 1000, at: "2026-06-10 09:00")
    try fixture.log("water", 3000, at: "2026-11-10 09:00")
    #expect(try fixture.report("half-year").trend?.direction == .up)
    #expect(try fixture.report("year").trend != nil)
    #expect(try fixture.report("week").trend == nil)
  }

  @Test func typeFilterSelectsAnySubset() throws {
    let fixture = try TrendFixture()
    try fixture.log("water", 1000, at: "2026-11-16 09:00")
    try fixture.log("coffee", 200, at: "2026-11-16 09:00")
    try fixture.log("soda", 330, at: "2026-11-16 09:00")
    let report = try fixture.report("week", types: ["coffee", "SODA"])
    #expect(report.total.milliliters == 530)
    #expect(report.types.map(\.name) == ["Coffee", "Soda"])
    #expect(throws: StoreError.unknownDrinkType("tae", suggestion: nil)) {
      try fixture.report("week", types: ["tae"])
    }
  }

  @Test func archivedAndDisabledTypesStayInHistory() throws {
    let fixture = try TrendFixture()
    try fixture.log("juice", 400, at: "2026-11-16 09:00")
    try fixture.log("soda", 330, at: "2026-11-16 10:00")
    _ = try fixture.store.deleteType("Juice")
    _ = try fixture.store.setEnabled(false, ofType: "Soda")
    let report = try fixture.report("week")
    #expect(report.total.milliliters == 730)
    #expect(Set(report.types.map(\.name)) == ["Juice", "Soda"])
  }

  @Test func aDayIsMeasuredByItsHoursAndADSTWeekKeepsEveryEntry() throws {
    // New York falls back on Nov 1, 2026: that day has 25 hours, two of them "1 AM".
    let fixture = try TrendFixture(now: "2026-11-05T12:00:00Z", zone: "America/New_York")
    let water = try fixture.store.type(named: "Water").id
    for instant in ["2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z"] {  // 01:30 EDT, 01:30 EST
      try fixture.store.add(
        Drink(
          typeID: water, volume: Volume(milliliters: 100),
          instant: Date(instant, strategy: .iso8601)))
    }
    let day = try fixture.report("2026-11-01")
    #expect(day.buckets.count == 25)
    #expect(day.buckets.filter { $0.total.milliliters == 100 }.count == 2)
    #expect(day.total.milliliters == 200 && day.days.count == 1)
    let week = try fixture.report("week:2026-11-01")
    #expect(week.buckets[0].total.milliliters == 200)
  }
}
