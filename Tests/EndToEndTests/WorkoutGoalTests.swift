import Foundation
import Testing

/// `goal --per-workout`, `log-workout`, `workouts` and the workouts of an Apple Health export:
/// a day's goal grows with its exercise, every view judges the day against the raised goal, and
/// nothing is counted twice or changes the verdict of a day before the rate was set.
@Suite struct WorkoutGoalTests {
  /// An export with a drink and two workouts on Thursday 2026-11-19: 40 min of running with a
  /// duration, 20 min of cycling with only its start and end.
  static let export = """
    <?xml version="1.0" encoding="UTF-8"?>
    <HealthData locale="en_US">
     <ExportDate value="2026-11-20 08:00:00 +0000"/>
     <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Water App" unit="mL" \
    creationDate="2026-11-19 09:00:00 +0000" startDate="2026-11-19 09:00:00 +0000" \
    endDate="2026-11-19 09:00:00 +0000" value="2200"/>
     <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="40" durationUnit="min" \
    sourceName="Watch" startDate="2026-11-19 07:00:00 +0000" endDate="2026-11-19 07:40:00 +0000">
      <MetadataEntry key="HKIndoorWorkout" value="0"/>
     </Workout>
     <Workout workoutActivityType="HKWorkoutActivityTypeCycling" sourceName="Watch" \
    startDate="2026-11-19 17:00:00 +0000" endDate="2026-11-19 17:20:00 +0000"/>
    </HealthData>

    """

  private func imported(now: String = "2026-11-19T20:00:00Z") throws -> (CLI, String) {
    let cli = try CLI(now: now)
    let path = cli.folder.appendingPathComponent("export.xml").path
    try Self.export.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try cli.run("import", path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Workouts added: 2"), "\(result.stdout)")
    return (cli, path)
  }

  @Test func anExportsWorkoutsAreImportedOnceAndRaiseTheirDaysGoal() throws {
    let (cli, path) = try imported()
    defer { cli.cleanUp() }
    let again = try cli.run("import", path)
    #expect(again.status == 0)
    #expect(!again.stdout.contains("Workouts added"), "\(again.stdout)")
    #expect(again.stdout.contains("Duplicates skipped: 3"), "\(again.stdout)")
    let listed = try cli.run("workouts", "--format", "json")
    let workouts = try listed.jsonArray()
    #expect(workouts.map { $0["activity"] as? String } == ["running", "cycling"])
    #expect(workouts.map { $0["minutes"] as? Double } == [40, 20])
    #expect(
      workouts.map { $0["start"] as? String } == [
        "2026-11-19T07:00:00Z", "2026-11-19T17:00:00Z",
      ])

    // Without a rate the workouts change nothing.
    #expect(try cli.run("status", "--format", "json").jsonObject()["goal"] as? Double == 2000)
    let set = try cli.run("goal", "--per-workout", "250ml/30min", "--from", "2026-11-19")
    #expect(
      set.stdout == "Daily goal set to 2,000 mL, plus 250 mL for every 30 min of exercise.\n",
      "\(set.stderr)")
    let status = try cli.run("status", "--format", "json").jsonObject()
    #expect(status["goal"] as? Double == 2500)
    #expect(status["goalMet"] as? Bool == false)
    let exercise = try #require(status["exercise"] as? [String: Any])
    #expect(exercise["minutes"] as? Double == 60)
    #expect(exercise["activities"] as? [String] == ["running", "cycling"])
    #expect(exercise["extra"] as? Double == 500)
    let text = try cli.run("status")
    #expect(text.stdout.contains("2,200 / 2,500 mL"), "\(text.stdout)")
    #expect(text.stdout.contains("Goal 2,000 + 500 mL for 60 min of running and cycling"))
    let logged = try cli.run("log", "water", "300ml")
    #expect(
      logged.stdout.hasSuffix(
        "today 2,500 / 2,500 mL (100%, goal reached) · goal 2,000 + 500 mL for 60 min of running "
          + "and cycling\n"), "\(logged.stdout)")
  }

  @Test func aWorkoutWithoutAStartIsARejectedRowNamedByItsLineAndTheRestIsImported() throws {
    let cli = try CLI(now: "2026-11-19T20:00:00Z")
    defer { cli.cleanUp() }
    let path = cli.folder.appendingPathComponent("export.xml").path
    let broken = Self.export.replacingOccurrences(
      of: "</HealthData>",
      with: " <Workout workoutActivityType=\"HKWorkoutActivityTypeYoga\" duration=\"30\"/>\n"
        + "</HealthData>")
    try broken.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try cli.run("import", path)
    #expect(result.status == 65)
    #expect(result.stdout.contains("Workouts added: 2"), "\(result.stdout)")
    #expect(
      result.stdout.contains("export.xml:9: Workout startDate (none) is not a date"),
      "\(result.stdout)")
  }

  @Test func aWorkoutOutOfRangeIsCountedAndLeftOutWithoutFailingTheImport() throws {
    let cli = try CLI(now: "2026-11-19T20:00:00Z")
    defer { cli.cleanUp() }
    let path = cli.folder.appendingPathComponent("export.xml").path
    let odd = Self.export.replacingOccurrences(
      of: "</HealthData>",
      with: " <Workout workoutActivityType=\"HKWorkoutActivityTypeWalking\" duration=\"0\" "
        + "durationUnit=\"min\" startDate=\"2026-11-19 12:00:00 +0000\"/>\n"
        + " <Workout workoutActivityType=\"HKWorkoutActivityTypeHiking\" duration=\"3000\" "
        + "durationUnit=\"min\" startDate=\"2026-11-19 12:00:00 +0000\"/>\n"
        + " <Workout workoutActivityType=\"HKWorkoutActivityTypeYoga\" duration=\"-20\" "
        + "durationUnit=\"min\" startDate=\"2026-11-19 12:00:00 +0000\" "
        + "endDate=\"2026-11-19 12:30:00 +0000\"/>\n</HealthData>")
    try odd.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try cli.run("import", path)
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("Workouts added: 2"), "\(result.stdout)")
    #expect(
      result.stdout.contains(
        "Other records skipped: 3 (Workout under a minute or over 24 hours 3)"),
      "\(result.stdout)")
  }

  @Test func oneRunRecordedByTwoAppsCountsOnceAndUnnamedMinutesAreNotTheRunners() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z")
    defer { cli.cleanUp() }
    #expect(try cli.run("goal", "2l", "--per-workout", "250ml/30min").status == 0)
    // 07:00-08:00 running, and 07:30-08:30 the same run from another app: 90 minutes in all.
    #expect(try cli.run("log-workout", "1h", "--at", "07:00", "--activity", "running").status == 0)
    #expect(try cli.run("log-workout", "1h", "--at", "07:30", "--activity", "Running").status == 0)
    #expect(try cli.run("log-workout", "30min", "--at", "12:00").status == 0)
    let status = try cli.run("status", "--format", "json").jsonObject()
    let exercise = try #require(status["exercise"] as? [String: Any])
    #expect(exercise["minutes"] as? Double == 120)
    #expect(exercise["extra"] as? Double == 1000)
    #expect(exercise["activities"] as? [String] == ["running", "workout"])
    let text = try cli.run("status")
    #expect(
      text.stdout.contains("Goal 2,000 + 1,000 mL for 120 min of running and other exercise"),
      "\(text.stdout)")
    // An undo's line reads the same day's goal.
    #expect(try cli.run("log", "water", "300ml").status == 0)
    let undone = try cli.run("undo")
    #expect(undone.stdout.contains("0 / 3,000 mL"), "\(undone.stdout)")
  }

  @Test func aRateFromAPastDayHoldsOverLaterGoalsAndALimitBetween() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z")
    defer { cli.cleanUp() }
    #expect(try cli.run("goal", "3l", "--from", "2026-11-10").status == 0)
    #expect(
      try cli.run("goal", "--per-workout", "250ml/30min", "--from", "2026-11-01").status == 0)
    #expect(
      try cli.run("goal").stdout
        == "Daily goal: 3,000 mL, plus 250 mL for every 30 min of exercise\n")
    // A limit keeps the rate without using it; `off` on it is no slip; a goal after it has it.
    #expect(try cli.run("goal", "--limit", "1.5l").status == 0)
    #expect(try cli.run("goal").stdout == "Daily limit: 1,500 mL\n")
    #expect(
      try cli.run("goal", "2l").stdout
        == "Daily goal set to 2,000 mL, plus 250 mL for every 30 min of exercise.\n")
    #expect(try cli.run("goal", "--limit", "1.5l").status == 0)
    let off = try cli.run("goal", "--per-workout", "off")
    #expect(off.status == 0, "\(off.stderr)")
    #expect(try cli.run("goal", "2l").stdout == "Daily goal set to 2,000 mL.\n")
  }

  @Test func anActivityWithALineBreakIsOneLine() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z")
    defer { cli.cleanUp() }
    #expect(
      try cli.run("log-workout", "30min", "--at", "07:00", "--activity", "trail\nrun\t").status == 0
    )
    let listed = try cli.run("workouts", "--format", "json")
    #expect(listed.stdout.contains("\"activity\" : \"trail run\""), "\(listed.stdout)")
  }

  @Test func theWeeksBucketsAndStreakCountTheRaisedGoalOnlyFromTheDayTheRateBegan() throws {
    // Monday and Tuesday: 2.2 L and an hour's run each. The rate begins on Tuesday: Monday
    // stays a goal day against 2 L, Tuesday falls short of 2.5 L.
    let cli = try CLI(now: "2026-11-18T20:00:00Z")
    defer { cli.cleanUp() }
    for day in [16, 17] {
      #expect(try cli.run("log", "water", "2.2l", "--at", "2026-11-\(day) 09:00").status == 0)
      let workout = try cli.run(
        "log-workout", "1h", "--at", "2026-11-\(day) 07:00", "--activity", "running")
      #expect(workout.status == 0, "\(workout.stderr)")
    }
    #expect(try cli.run("goal", "--per-workout", "250ml/30min", "--from", "2026-11-17").status == 0)
    let summary = try cli.run("summary", "--format", "json").jsonObject()
    let buckets = try #require(summary["buckets"] as? [[String: Any]])
    #expect(buckets.map { $0["goal"] as? Double } == [2000, 2000, 2500, 2000, 2000, 2000, 2000])
    // Each day's own exercise, where it raised the goal: Tuesday's run (Monday's came before
    // the rate).
    let exercise = buckets.map { $0["exercise"] as? [String: Any] }
    #expect(exercise.map { $0?["extra"] as? Double } == [nil, nil, 500, nil, nil, nil, nil])
    #expect(exercise[2]?["activities"] as? [String] == ["running"])
    #expect(buckets.map { $0["goalMet"] as? Bool }.prefix(4) == [nil, true, false, false])
    let streaks = try #require(summary["streaks"] as? [String: Any])
    #expect(streaks["goalDays"] as? Int == 1)
    // The words name the goal the person set, not each day's raised one.
    let table = try cli.run("summary")
    #expect(table.stdout.contains("Goal 2,000 mL reached on 1 of 3 days"), "\(table.stdout)")
    #expect(table.stdout.contains("Exercise raised the goal on 1 day (500 mL in all)"))
    // A day's own summary names its whole goal, and how it came to be.
    let tuesday = try cli.run("summary", "2026-11-17")
    #expect(
      tuesday.stdout.contains(
        "Goal 2,500 mL (2,000 + 500 mL for 60 min of running) reached on 0 of 1 days"),
      "\(tuesday.stdout)")
    let spoken = try cli.run("summary", "2026-11-17", "--format", "text")
    #expect(spoken.stdout.contains("You are 300 milliliters short of your 2.5 liter goal."))
  }

  @Test func aLimitAddsNothingForExercise() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z")
    defer { cli.cleanUp() }
    #expect(try cli.run("goal", "2l", "--per-workout", "250ml/30min").status == 0)
    #expect(try cli.run("log-workout", "1h", "--at", "07:00").status == 0)
    #expect(try cli.run("status", "--format", "json").jsonObject()["goal"] as? Double == 2500)
    #expect(try cli.run("goal", "--limit", "1.5l").status == 0)
    let status = try cli.run("status", "--format", "json").jsonObject()
    #expect(status["goal"] as? Double == 1500)
    #expect(status["exercise"] == nil)
    let refused = try cli.run("goal", "--per-workout", "250ml/30min")
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("A daily limit adds nothing for exercise"))
  }

  @Test func badDurationsAndRatesAreRefusedAndNothingChanges() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z")
    defer { cli.cleanUp() }
    for duration in [
      "0min", "25h", "soon", "-5", "1h70x", "153722867280912931:00", "0.0001", "1e3", "0x10",
      "1h90m", "30min running",
    ] {
      let result = try cli.run("log-workout", duration)
      #expect(result.status == 64, "\(duration)")
      #expect(result.stderr.contains("45min"), "\(duration): \(result.stderr)")
    }
    let future = try cli.run("log-workout", "30min", "--at", "tomorrow 10:00")
    #expect(future.status == 64, "\(future.stderr)")
    // Begun, but not over: 17:45 plus an hour is after now (18:00).
    let underWay = try cli.run("log-workout", "1h", "--at", "17:45")
    #expect(underWay.status == 64)
    #expect(underWay.stderr.contains("would end at 6:45 PM, which is still to come"))
    for rate in [
      "5l/30min", "250ml", "250ml/never", "0ml/30min", "250ml/0min", "0.1ml/1440min",
      "250ml/153722867280912931:00",
    ] {
      let result = try cli.run("goal", "--per-workout", rate)
      #expect(result.status == 64, "\(rate)")
      #expect(result.stderr.contains("250ml/30min"), "\(rate): \(result.stderr)")
    }
    let none = try cli.run("workouts")
    #expect(none.stdout.hasPrefix("No workouts"), "\(none.stdout)")
    let history = try cli.run("goal", "--history")
    #expect(!history.stdout.contains("Per workout"), "\(history.stdout)")
  }

  @Test func aDeletedWorkoutIsNotBroughtBackByImportingItsFileAgain() throws {
    let (cli, path) = try imported()
    defer { cli.cleanUp() }
    let deleted = try cli.run("workouts", "delete", "1")
    #expect(deleted.stdout == "Deleted workout 1: 40 min of running at 7:00 AM.\n")
    #expect(try cli.run("import", path).status == 0)
    let listed = try cli.run("workouts", "list", "--format", "json")
    let workouts = try listed.jsonArray()
    #expect(workouts.map { $0["activity"] as? String } == ["cycling"])
    let missing = try cli.run("workouts", "delete", "1")
    #expect(missing.status == 64)
    #expect(missing.stderr.contains("No workout has the id 1"))
  }

  @Test func durationsAsPeopleWriteThem() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z")
    defer { cli.cleanUp() }
    for duration in ["45min", "45 min", "1h30m", "1 h 30 min", "1:30", "1.5h", "90"] {
      let result = try cli.run("log-workout", duration, "--at", "08:00")
      #expect(result.status == 0, "\(duration): \(result.stderr)")
    }
    let listed = try cli.run("workouts", "--format", "json")
    let workouts = try listed.jsonArray()
    #expect(workouts.map { $0["minutes"] as? Double } == [45, 45, 90, 90, 90, 90, 90])
  }
}
