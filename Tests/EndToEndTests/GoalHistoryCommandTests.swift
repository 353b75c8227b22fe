import Foundation
import Testing

/// `goal` with a history: a new goal from a day on leaves earlier days judged as they were.
@Suite struct GoalHistoryCommandTests {
  /// 2 L on Monday to Thursday under the 2 L goal; then 2.5 L from Friday, 2026-11-20 (today).
  private func raisedOnFriday() throws -> CLI {
    let cli = try CLI(now: "2026-11-20T18:00:00Z")
    for day in 16...19 {
      #expect(try cli.run("log", "water", "2l", "--at", "2026-11-\(day) 09:00").status == 0)
    }
    #expect(try cli.run("summary").status == 0)  // the ended days are now in the day cache
    let set = try cli.run("goal", "2.5l")
    #expect(set.status == 0 && set.stdout == "Daily goal set to 2,500 mL.\n", "\(set.stderr)")
    return cli
  }

  @Test func summaryJSONKeepsLastWeeksGoalDaysWithEachBucketsOwnGoal() throws {
    let cli = try raisedOnFriday()
    defer { cli.cleanUp() }
    let result = try cli.run("summary", "--format", "json")
    #expect(result.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let buckets = try #require(json["buckets"] as? [[String: Any]])
    #expect(buckets.map { $0["goal"] as? Double } == [2000, 2000, 2000, 2000, 2000, 2500, 2500])
    #expect(
      buckets.map { $0["goalMet"] as? Bool } == [nil, true, true, true, true, false, false])
    let streaks = try #require(json["streaks"] as? [String: Any])
    #expect(streaks["goalDays"] as? Int == 4)
    #expect(streaks["current"] as? Int == 4)
  }

  @Test func fromADayInThePastAndTheHistory() throws {
    let cli = try raisedOnFriday()
    defer { cli.cleanUp() }
    let set = try cli.run("goal", "3l", "--from", "2026-11-18")
    #expect(set.stdout == "Daily goal set to 3,000 mL from 2026-11-18.\n")
    let history = try cli.run("goal", "--history")
    #expect(
      history.stdout == """
        From           Kind    Amount
        the beginning  goal  2,000 mL
        2026-11-18     goal  3,000 mL
        2026-11-20     goal  2,500 mL

        """)
    let table = try cli.run("summary")
    #expect(table.stdout.contains("Goal 2,000 mL then 3,000 mL then 2,500 mL reached on 2 of 5"))
  }

  @Test func aDayInTheFutureOrNoDayIsRefusedAndNothingChanges() throws {
    let cli = try raisedOnFriday()
    defer { cli.cleanUp() }
    for from in ["2026-11-21", "someday", "2026-02-30"] {
      let result = try cli.run("goal", "3l", "--from", from)
      #expect(result.status == 64, "\(from)")
      #expect(result.stderr.contains("--from"), "\(from): \(result.stderr)")
    }
    let json = try cli.run("goal", "--history", "--format", "json")
    let changes = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(changes.map { $0["amount"] as? Double } == [2000, 2500])
    #expect(changes.first?["from"] is NSNull)
  }

  @Test func mergeBringsTheOtherDevicesGoalChanges() throws {
    let cli = try raisedOnFriday()
    defer { cli.cleanUp() }
    let other = try CLI(now: "2026-11-20T19:00:00Z")
    defer { other.cleanUp() }
    #expect(try other.run("goal", "1.8l", "--from", "2026-11-10").status == 0)
    // After the other's change: a merge refuses changes from its future.
    let merged = try cli.run(
      ["merge", other.databasePath], extraEnvironment: ["LIQUIDUS_NOW": "2026-11-20T19:05:00Z"])
    #expect(merged.status == 0, "\(merged.stderr)")
    // Both began with the default goal (a tie: this side's stays); the other's 10th is new.
    #expect(merged.stdout.contains("Took 1 goal change."), "\(merged.stdout)")
    let history = try cli.run("goal", "--history")
    #expect(history.stdout.contains("2026-11-10     goal  1,800 mL"), "\(history.stdout)")
  }

  @Test func backupAndRestoreKeepTheGoalChanges() throws {
    let cli = try raisedOnFriday()
    defer { cli.cleanUp() }
    let copy = cli.folder.appendingPathComponent("copy.sqlite").path
    #expect(try cli.run("backup", copy).status == 0)
    #expect(try cli.run("goal", "3l").status == 0)
    let restore = try cli.run("restore", copy)
    #expect(restore.status == 0, "\(restore.stderr)")
    let history = try cli.run("goal", "--history")
    #expect(history.stdout.hasSuffix("2026-11-20     goal  2,500 mL\n"), "\(history.stdout)")
    #expect(history.stdout.contains("the beginning  goal  2,000 mL"))
  }
}
