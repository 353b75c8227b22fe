import Foundation
import GRDB
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusStore

/// A goal belongs to its day: raising it keeps every earlier verdict.
@Suite struct GoalHistoryTests {
  /// Monday to Thursday at 2 L against a 2 L goal, then 2.5 L from Friday (today, 2026-11-20).
  private func raisedOnFriday() throws -> TrendFixture {
    let fixture = try TrendFixture()
    for day in 16...20 { try fixture.log("water", 2000, at: "2026-11-\(day) 09:00") }
    // Once under the old goal: the ended days are in the day cache, which the streak reads.
    _ = try fixture.report("week")
    try fixture.store.recordGoal(
      GoalChange(
        from: "2026-11-20", target: DailyTarget(amount: Volume(milliliters: 2500)),
        changedAt: fixture.context.now))
    return fixture
  }

  @Test func raisingTheGoalKeepsLastWeeksGoalDaysAndStreak() throws {
    let report = try raisedOnFriday().report("week")
    #expect(report.streaks.goalDays == 4)
    #expect(report.streaks.current == 4)
    #expect(report.streaks.longest == 4)
    #expect(report.days.map(\.goal.milliliters) == [2000, 2000, 2000, 2000, 2000, 2500, 2500])
    #expect(report.buckets.map { $0.goalMet } == [nil, true, true, true, true, false, false])
    #expect(report.goalsInForce.map(\.milliliters) == [2000, 2500])
  }

  @Test func aLongerBucketsGoalIsTheSumOfItsDaysGoals() throws {
    let fixture = try raisedOnFriday()
    let report = try fixture.report("half-year")
    // The week of 15-21 November: five days at 2 L, Friday and Saturday at 2.5 L.
    let monday = try TimeExpression.parse("2026-11-16 09:00", in: fixture.context)
    let week = try #require(report.buckets.first { $0.period.interval.contains(monday) })
    #expect(week.goal == Volume(milliliters: 5 * 2000 + 2 * 2500))
    #expect(week.goalDays == 4)
    // Counted: Monday (the first entry) to Friday (today); Sunday came before, Saturday is to come.
    #expect(week.dayCount == 5)
  }

  @Test func theDailyChartsGoalLineStepsWhereTheGoalChanged() throws {
    let report = try raisedOnFriday().report("month")
    let spec = DailyTotalsChart(report: report).spec()
    #expect(spec.script.contains("'daily.dat' using 1:4 with steps"))
    let goals = try #require(spec.data["daily.dat"]).split(separator: "\n").map {
      $0.split(separator: " ").last.map(String.init)
    }
    // November 1-19 at the old goal, 20-30 at the new one.
    #expect(goals[18] == "2000" && goals[19] == "2500" && goals[29] == "2500")
    #expect(spec.description.contains("the goal of 2 liters, then 2.5 liters a day"))
  }

  @Test func theHTMLPageCountsLastWeeksDaysAsReached() throws {
    let report = try raisedOnFriday().report("week")
    let page = ReportPage(report: report, charts: []).render()
    #expect(page.components(separatedBy: ">Reached<").count - 1 == 4)
  }

  @Test func theCurrentStreakReadsEachCachedDayAgainstItsOwnGoal() throws {
    let fixture = try raisedOnFriday()
    // Today (Friday) reaches the new goal: the streak runs on through the cached days.
    try fixture.log("water", 500, at: "2026-11-20 12:00")
    #expect(try fixture.report("today").streaks.current == 5)
  }

  @Test func aChangeForADayReplacesTheOlderOneOnly() throws {
    var history = GoalHistory(DailyTarget(amount: Volume(milliliters: 2000)))
    let day = "2026-11-20"
    history.record(
      GoalChange(
        from: day, target: DailyTarget(amount: Volume(milliliters: 3000)),
        changedAt: Date(timeIntervalSince1970: 200)))
    history.record(
      GoalChange(
        from: day, target: DailyTarget(amount: Volume(milliliters: 2500)),
        changedAt: Date(timeIntervalSince1970: 100)))
    #expect(history.target(on: day).amount.milliliters == 3000)
    #expect(history.target(on: "2026-11-19").amount.milliliters == 2000)
    #expect(history.changes.count == 2)
  }

  @Test func mergeTakesTheNewerChangeForADay() throws {
    let here = try DrinkStore.inMemory()
    let there = try DrinkStore.inMemory()
    let amount = { (ml: Double) in DailyTarget(amount: Volume(milliliters: ml)) }
    try here.recordGoal(
      GoalChange(
        from: "2026-11-10", target: amount(2200), changedAt: .init(timeIntervalSince1970: 100)))
    try there.recordGoal(
      GoalChange(
        from: "2026-11-10", target: amount(2400), changedAt: .init(timeIntervalSince1970: 200)))
    try there.recordGoal(
      GoalChange(
        from: "2026-11-15", target: amount(2600), changedAt: .init(timeIntervalSince1970: 150)))
    try here.recordGoal(
      GoalChange(
        from: "2026-11-15", target: amount(2800), changedAt: .init(timeIntervalSince1970: 300)))
    let tally = try here.merge(there.mergeSnapshot())
    #expect(tally.goalChanges == 1)
    let history = try here.goalHistory()
    #expect(history.target(on: "2026-11-10").amount.milliliters == 2400)
    #expect(history.target(on: "2026-11-15").amount.milliliters == 2800)
    #expect(history.target(on: "2026-11-01").amount.milliliters == 2000)
  }

  @Test func theOldSingleGoalBecomesTheGoalSinceTheBeginning() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("liquidus-goal-\(UUID().uuidString).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let queue = try DatabaseQueue(path: path)
    try DrinkStore.migrator.migrate(queue, upTo: "v6: caffeine weights of cached days")
    try queue.write { db in
      try db.execute(sql: "INSERT INTO setting (key, value) VALUES ('daily_goal_ml', '2750')")
      try db.execute(sql: "PRAGMA application_id = \(DrinkStore.applicationID)")
    }
    try queue.close()
    let store = try DrinkStore.open(at: path)
    let history = try store.goalHistory()
    #expect(history.changes.map(\.from) == [nil])
    #expect(history.target(on: "1999-01-01").amount.milliliters == 2750)
  }
}
