import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusStore

/// A goal with a per-workout rate: each day's goal grows with that day's exercise.
@Suite struct WorkoutAllowanceTests {
  private let rate = WorkoutAllowance(amount: Volume(milliliters: 250), minutes: 30)

  /// 2.2 L every day from Monday 16 to Friday 20 November; an hour's run on Wednesday; the rate
  /// from the beginning of history.
  private func activeWednesday() throws -> TrendFixture {
    let fixture = try TrendFixture()
    for day in 16...20 { _ = try fixture.log("water", 2200, at: "2026-11-\(day) 09:00") }
    let run = try TimeExpression.parse("2026-11-18 07:00", in: fixture.context)
    try fixture.store.logWorkout(Workout(start: run, minutes: 60, activity: "running"))
    try fixture.store.recordGoal(
      GoalChange(
        from: nil, target: DailyTarget(amount: Volume(milliliters: 2000), perWorkout: rate),
        changedAt: fixture.context.now))
    return fixture
  }

  @Test func theWaterAddedIsInProportionToTheMinutes() {
    #expect(rate.extra(forMinutes: 60) == Volume(milliliters: 500))
    #expect(rate.extra(forMinutes: 45) == Volume(milliliters: 375))
    #expect(rate.extra(forMinutes: 0) == .zero)
  }

  @Test func aDaysGoalNeverGrowsPastTwentyLitresAndALimitNeverGrows() {
    let goal = DailyTarget(amount: Volume(milliliters: 19_800), perWorkout: rate)
    let raised = goal.applying(DayExercise(minutes: 600, activities: ["hiking"]))
    #expect(raised.amount == Volume(milliliters: 20_000))
    #expect(raised.base == Volume(milliliters: 19_800))
    let limit = DailyTarget(amount: Volume(milliliters: 1500), kind: .limit, perWorkout: rate)
    #expect(limit.applying(DayExercise(minutes: 60, activities: ["running"])) == limit)
  }

  @Test func theDayOfTheRunIsJudgedAgainstItsRaisedGoalAndBreaksTheStreak() throws {
    let fixture = try activeWednesday()
    let report = try fixture.report("week")
    #expect(report.days.map(\.goal.milliliters) == [2000, 2000, 2000, 2500, 2000, 2000, 2000])
    #expect(report.streaks.goalDays == 4)
    #expect(report.streaks.longest == 2)
    // Thursday and Friday (today) after the short Wednesday.
    #expect(report.streaks.current == 2)
    // The goal the person set, once: the run's extra is Wednesday's own.
    #expect(report.goalsInForce.map(\.milliliters) == [2000])
  }

  @Test func theDailyChartsGoalLineStepsUpOnTheDayOfTheRun() throws {
    let report = try activeWednesday().report("month")
    let spec = DailyTotalsChart(report: report).spec()
    let goals = try #require(spec.data["daily.dat"]).split(separator: "\n").map {
      $0.split(separator: " ").last.map(String.init)
    }
    #expect(goals[16] == "2000" && goals[17] == "2500" && goals[18] == "2000")
  }

  @Test func theHTMLPageCountsTheRunDayAsShort() throws {
    let report = try activeWednesday().report("week")
    let page = ReportPage(report: report, charts: []).render()
    #expect(page.components(separatedBy: ">Reached<").count - 1 == 4)
  }

  @Test func durationsAsPeopleWriteThem() throws {
    let read: [(String, Double)] = [
      ("45min", 45), ("45 min", 45), ("45m", 45), ("1h", 60), ("1.5h", 90), ("1h30m", 90),
      ("1 hour 30 minutes", 90), ("1:30", 90), ("90", 90), ("24h", 1440),
    ]
    for (text, minutes) in read { #expect(try WorkoutDuration.minutes(text) == minutes, "\(text)") }
    for text in ["", "soon", "0", "0min", "-5", "25h", "1:75", "h", "1h30x", "nan", "inf"] {
      #expect(throws: WorkoutError.self, "\(text)") { try WorkoutDuration.minutes(text) }
    }
  }

  @Test func anActivityIsOneTrimmedLineOfAtMostFortyCharacters() {
    #expect(Workout.activity(named: " trail\nrun\t ") == "trail run")
    #expect(Workout.activity(named: "\u{7}\n") == Workout.unnamedActivity)
    #expect(Workout.activity(named: nil) == Workout.unnamedActivity)
    // Cut at a space: nothing trails, and a second cleaning changes nothing.
    let long = String(repeating: "a", count: 39) + " bbbb"
    #expect(Workout.activity(named: long) == String(repeating: "a", count: 39))
    #expect(Workout.activity(named: Workout.activity(named: long)) == Workout.activity(named: long))
  }

  @Test func ratesAsPeopleWriteThem() throws {
    let parser = AmountParser(defaultUnit: .milliliters)
    let read = try WorkoutAllowance(parsing: "0.5l/1h", amounts: parser)
    #expect(read == WorkoutAllowance(amount: Volume(milliliters: 500), minutes: 60))
    for text in ["250ml", "5l/30min", "250ml/0min", "2.1l/1h", "250ml/soon"] {
      #expect(throws: (any Error).self, "\(text)") {
        try WorkoutAllowance(parsing: text, amounts: parser)
      }
    }
  }
}
