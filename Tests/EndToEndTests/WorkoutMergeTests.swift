import Foundation
import Testing

/// Workouts and a goal's per-workout rate travel between two devices' databases with `merge`,
/// and with `backup`/`restore`: each workout once, a deletion kept on both sides.
@Suite struct WorkoutMergeTests {
  func laptop(_ cli: CLI) -> String { cli.folder.appendingPathComponent("laptop.sqlite").path }

  private func activities(_ cli: CLI, db: String? = nil) throws -> [String] {
    let arguments = (db.map { ["--db", $0] } ?? []) + ["workouts", "--format", "json"]
    let listed = try cli.run(arguments)
    let workouts = try listed.jsonArray()
    return workouts.compactMap { $0["activity"] as? String }
  }

  @Test func workoutsAndTheRateArriveOnceAndADeletionTravels() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z")
    defer { cli.cleanUp() }
    let laptop = laptop(cli)
    #expect(try cli.run("--db", laptop, "goal", "2l", "--per-workout", "250ml/30min").status == 0)
    for (time, activity) in [("07:00", "running"), ("12:00", "yoga")] {
      let logged = try cli.run(
        "--db", laptop, "log-workout", "30min", "--at", time, "--activity", activity)
      #expect(logged.status == 0, "\(logged.stderr)")
    }
    let merged = try cli.run("merge", laptop)
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(merged.stdout.contains("Added 2 workouts."), "\(merged.stdout)")
    #expect(merged.stdout.contains("Took 2 goal changes."), "\(merged.stdout)")
    #expect(try activities(cli) == ["running", "yoga"])
    let status = try cli.run("status", "--format", "json").jsonObject()
    #expect(status["goal"] as? Double == 2500)

    // Again: nothing new. Then the laptop deletes its yoga, and the deletion comes over.
    #expect(!(try cli.run("merge", laptop).stdout.contains("workout")))
    #expect(try cli.run("--db", laptop, "workouts", "delete", "2").status == 0)
    let deleted = try cli.run("merge", laptop)
    #expect(deleted.stdout.contains("Deleted 1 workout."), "\(deleted.stdout)")
    #expect(try activities(cli) == ["running"])
    // The other way, the desktop's copy does not bring the yoga back to the laptop.
    #expect(try cli.run("--db", laptop, "merge", cli.databasePath).status == 0)
    #expect(try activities(cli, db: laptop) == ["running"])
  }

  @Test func aWorkoutOutOfBoundsInTheOtherDatabaseIsRefusedAndNothingIsMerged() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z")
    defer { cli.cleanUp() }
    let laptop = laptop(cli)
    #expect(try cli.run("--db", laptop, "log", "water", "250ml").status == 0)
    #expect(try cli.run("--db", laptop, "log-workout", "30min").status == 0)
    // A file edited by hand past its own CHECK: a week-long workout.
    let edited = try cli.shell(
      "sqlite3 '\(laptop)' 'PRAGMA ignore_check_constraints = 1; "
        + "UPDATE workout SET minutes = 10080;'")
    #expect(edited.status == 0, "\(edited.stderr)")
    let merged = try cli.run("merge", laptop)
    #expect(merged.status != 0)
    #expect(merged.stderr.contains("lasts 10080.0 minutes"), "\(merged.stderr)")
    #expect(try activities(cli) == [])
    #expect(try cli.run("list").stdout.contains("No entries"))
  }

  @Test func backupAndRestoreKeepTheWorkoutsAndTheRate() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z")
    defer { cli.cleanUp() }
    #expect(try cli.run("goal", "2l", "--per-workout", "250ml/30min").status == 0)
    #expect(try cli.run("log-workout", "1h", "--at", "07:00", "--activity", "running").status == 0)
    let backup = cli.folder.appendingPathComponent("backup.sqlite").path
    #expect(try cli.run("backup", backup).status == 0)
    #expect(try cli.run("workouts", "delete", "1").status == 0)
    #expect(try cli.run("goal", "--per-workout", "off").status == 0)
    let restored = try cli.run("restore", backup)
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(try activities(cli) == ["running"])
    #expect(try cli.run("status", "--format", "json").jsonObject()["goal"] as? Double == 2500)
  }
}
