import Foundation
import GRDB
import Testing

/// `liquidus import` of a Health Connect export with exercise sessions, as a person runs it:
/// the sessions become workouts once however often the zip is imported, a session that cannot
/// be one is reported with its reason, and `goal --per-workout` raises the day's goal for them.
@Suite struct HealthConnectWorkoutGoalTests {
  /// 2026-11-19 00:00 UTC, in milliseconds.
  static let midnight: Int64 = 1_795_046_400_000
  static let minute: Int64 = 60_000

  /// Health Connect's zip around a database with the tables and columns the Health Connect
  /// service creates (the ones read): 2.2 L of water at 09:00 on Thursday 2026-11-19, 40
  /// minutes of running (33) at 07:00 and 20 on a stationary bike (5) at 17:00, and with `bad`
  /// a session that ends when it starts.
  static func exportZip(_ cli: CLI, bad: Bool = false) throws -> String {
    let database = cli.folder.appendingPathComponent("health_connect_export.db")
    try? FileManager.default.removeItem(at: database)
    let queue = try DatabaseQueue(path: database.path)
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE application_info_table (row_id INTEGER PRIMARY KEY,
            package_name TEXT NOT NULL UNIQUE, app_name TEXT);
          INSERT INTO application_info_table VALUES (1, 'com.garmin.android.apps.connectmobile',
            'Garmin Connect');
          CREATE TABLE hydration_record_table (row_id INTEGER PRIMARY KEY, uuid BLOB,
            app_info_id INTEGER, start_time INTEGER, start_zone_offset INTEGER,
            end_time INTEGER, end_zone_offset INTEGER, volume REAL);
          CREATE TABLE exercise_session_record_table (row_id INTEGER PRIMARY KEY, uuid BLOB,
            app_info_id INTEGER, start_time INTEGER, start_zone_offset INTEGER,
            end_time INTEGER, end_zone_offset INTEGER, notes TEXT, exercise_type INTEGER,
            title TEXT, has_route INTEGER);
          """)
      try db.execute(
        sql: "INSERT INTO hydration_record_table VALUES (1, x'01', 1, ?, 0, ?, 0, 2.2)",
        arguments: [midnight + 540 * minute, midnight + 540 * minute])
      var sessions: [(Int64, Int64, Int64)] = [(420, 460, 33), (1020, 1040, 5)]
      if bad { sessions.append((1080, 1080, 57)) }
      for (row, (start, end, type)) in sessions.enumerated() {
        try db.execute(
          sql: """
            INSERT INTO exercise_session_record_table (row_id, uuid, app_info_id, start_time,
              start_zone_offset, end_time, end_zone_offset, exercise_type, has_route)
              VALUES (?, ?, 1, ?, 0, ?, 0, ?, 0)
            """,
          arguments: [
            row + 1, Data([UInt8(row + 1)]), midnight + start * minute, midnight + end * minute,
            type,
          ])
      }
    }
    try queue.close()
    let zip = try ImportSupport.exportZip(
      cli, xml: try Data(contentsOf: database), name: "Health Connect.zip",
      entry: "health_connect_export.db")
    try FileManager.default.removeItem(at: database)
    return zip
  }

  @Test func theSessionsAreImportedOnceAndRaiseTheirDaysGoal() throws {
    let cli = try CLI(now: "2026-11-19T20:00:00Z")
    defer { cli.cleanUp() }
    let zip = try Self.exportZip(cli)
    let first = try cli.run("import", zip)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("health-connect (detected)"), "\(first.stdout)")
    #expect(first.stdout.contains("Workouts added: 2"), "\(first.stdout)")
    let again = try cli.run("import", zip)
    #expect(again.status == 0)
    #expect(!again.stdout.contains("Workouts added"), "\(again.stdout)")
    #expect(again.stdout.contains("Duplicates skipped: 3"), "\(again.stdout)")
    let listed = try cli.run("workouts", "--format", "json")
    let workouts = try listed.jsonArray()
    #expect(workouts.map { $0["activity"] as? String } == ["running", "cycling"])
    #expect(workouts.map { $0["minutes"] as? Double } == [40, 20])

    // Without a rate the workouts change nothing; with one the day's goal grows by 500 mL.
    #expect(try cli.run("status", "--format", "json").jsonObject()["goal"] as? Double == 2000)
    let set = try cli.run("goal", "--per-workout", "250ml/30min", "--from", "2026-11-19")
    #expect(set.status == 0, "\(set.stderr)")
    let status = try cli.run("status", "--format", "json").jsonObject()
    #expect(status["goal"] as? Double == 2500)
    let exercise = try #require(status["exercise"] as? [String: Any])
    #expect(exercise["minutes"] as? Double == 60)
    #expect(exercise["extra"] as? Double == 500)
    let text = try cli.run("status")
    #expect(text.stdout.contains("2,200 / 2,500 mL"), "\(text.stdout)")
    #expect(text.stdout.contains("Goal 2,000 + 500 mL for 60 min of running and cycling"))
  }

  @Test func aSessionThatEndsWhenItStartsIsCountedAndLeftOutWithoutFailingTheImport() throws {
    let cli = try CLI(now: "2026-11-19T20:00:00Z")
    defer { cli.cleanUp() }
    let result = try cli.run("import", try Self.exportZip(cli, bad: true))
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("Workouts added: 2"), "\(result.stdout)")
    #expect(
      result.stdout.contains(
        "Other records skipped: 1 (Workout under a minute or over 24 hours 1)"),
      "\(result.stdout)")
  }
}
