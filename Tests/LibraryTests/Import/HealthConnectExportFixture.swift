import Foundation
import GRDB
import ZIPFoundation

/// Writes a small Android Health Connect export for the tests: the SQLite database
/// `health_connect_export.db` with the tables and columns that the Health Connect service
/// creates (a subset: the ones Liquidus reads, and a few it must ignore), and the zip that
/// Health Connect's "Export data" writes around it. Every value is made up.
struct HealthConnectExportFixture {
  struct Drink {
    var rowID: Int64
    /// Milliseconds since 1970, UTC.
    var start: Int64?
    var litres: Double?
    var app: Int64? = 1
    var zoneOffset: Int64 = 3600
  }

  struct Meal {
    var rowID: Int64
    var start: Int64
    var caffeineGrams: Double?
    var app: Int64? = 2
  }

  /// An exercise session: `type` is the platform's `ExerciseSessionType` (33 is running).
  struct Session {
    var rowID: Int64
    /// Milliseconds since 1970, UTC.
    var start: Int64?
    var end: Int64?
    var type: Int64 = 33
    var app: Int64? = 1
    var title: String? = nil
  }

  var drinks: [Drink] = []
  var meals: [Meal] = []
  /// `exercise_session_record_table` is written only when there are sessions, so the other
  /// fixtures stay exports without it, as older ones are.
  var sessions: [Session] = []
  /// Older Health Connect versions have no caffeine column.
  var nutritionHasCaffeine = true
  var withAppTable = true
  var apps: [(Int64, String)] = [
    (1, "com.sec.android.app.shealth"), (2, "com.example.caffeinelog"),
  ]

  /// Writes the database at `url`.
  func writeDatabase(to url: URL) throws {
    let queue = try DatabaseQueue(path: url.path)
    try queue.write { db in
      if withAppTable {
        try db.execute(
          sql: """
            CREATE TABLE application_info_table (row_id INTEGER PRIMARY KEY,
              package_name TEXT NOT NULL UNIQUE, app_name TEXT, app_icon BLOB,
              record_types_used TEXT)
            """)
        for (id, package) in apps {
          try db.execute(
            sql:
              "INSERT INTO application_info_table (row_id, package_name, app_name) VALUES (?, ?, ?)",
            arguments: [id, package, "App \(id)"])
        }
      }
      try db.execute(
        sql: """
          CREATE TABLE hydration_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT,
            uuid BLOB NOT NULL UNIQUE, last_modified_time INTEGER, client_record_id TEXT,
            client_record_version TEXT, device_info_id INTEGER, app_info_id INTEGER,
            recording_method INTEGER, dedupe_hash BLOB UNIQUE, start_time INTEGER,
            start_zone_offset INTEGER, end_time INTEGER, end_zone_offset INTEGER,
            local_date INTEGER, volume REAL)
          """)
      for drink in drinks {
        try db.execute(
          sql: """
            INSERT INTO hydration_record_table (row_id, uuid, app_info_id, start_time,
              start_zone_offset, end_time, end_zone_offset, volume) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            drink.rowID, Self.uuid(drink.rowID), drink.app, drink.start, drink.zoneOffset,
            drink.start, drink.zoneOffset, drink.litres,
          ])
      }
      let caffeine = nutritionHasCaffeine ? ", caffeine REAL" : ""
      try db.execute(
        sql: """
          CREATE TABLE nutrition_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT,
            uuid BLOB NOT NULL UNIQUE, app_info_id INTEGER, start_time INTEGER,
            start_zone_offset INTEGER, end_time INTEGER, end_zone_offset INTEGER,
            energy REAL, protein REAL, meal_type INTEGER, meal_name TEXT\(caffeine))
          """)
      for meal in meals {
        let column = nutritionHasCaffeine ? ", caffeine" : ""
        let value = nutritionHasCaffeine ? ", ?" : ""
        var arguments: StatementArguments = [
          meal.rowID, Self.uuid(1000 + meal.rowID), meal.app, meal.start, meal.start, 50_000.0,
        ]
        if nutritionHasCaffeine { _ = arguments.append(contentsOf: [meal.caffeineGrams]) }
        try db.execute(
          sql: """
            INSERT INTO nutrition_record_table (row_id, uuid, app_info_id, start_time, end_time,
              energy\(column)) VALUES (?, ?, ?, ?, ?, ?\(value))
            """,
          arguments: arguments)
      }
      if !sessions.isEmpty { try writeSessions(db) }
    }
  }

  /// The columns of `ExerciseSessionRecordHelper` and the interval records' times.
  private func writeSessions(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE exercise_session_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT,
          uuid BLOB NOT NULL UNIQUE, last_modified_time INTEGER, client_record_id TEXT,
          client_record_version TEXT, device_info_id INTEGER, app_info_id INTEGER,
          recording_method INTEGER, dedupe_hash BLOB UNIQUE, start_time INTEGER,
          start_zone_offset INTEGER, end_time INTEGER, end_zone_offset INTEGER,
          local_date INTEGER, notes TEXT, exercise_type INTEGER, title TEXT, has_route INTEGER)
        """)
    for session in sessions {
      try db.execute(
        sql: """
          INSERT INTO exercise_session_record_table (row_id, uuid, app_info_id, start_time,
            start_zone_offset, end_time, end_zone_offset, exercise_type, title, has_route)
            VALUES (?, ?, ?, ?, 3600, ?, 3600, ?, ?, 0)
          """,
        arguments: [
          session.rowID, Self.uuid(2000 + session.rowID), session.app, session.start,
          session.end, session.type, session.title,
        ])
    }
  }

  /// Writes the database into a zip at `url`, under `member`.
  func writeZip(to url: URL, member: String = "health_connect_export.db") throws {
    let database = url.deletingLastPathComponent()
      .appendingPathComponent("db-\(UUID().uuidString).db")
    defer { try? FileManager.default.removeItem(at: database) }
    try writeDatabase(to: database)
    let archive = try Archive(url: url, accessMode: .create)
    let data = try Data(contentsOf: database)
    try archive.addEntry(
      with: member, type: .file, uncompressedSize: Int64(data.count),
      compressionMethod: .deflate
    ) { position, size in
      data.subdata(in: Int(position)..<Int(position) + size)
    }
  }

  /// A 16-byte id, as Health Connect stores its UUIDs.
  private static func uuid(_ seed: Int64) -> Data {
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 { bytes[15 - index] = UInt8(truncatingIfNeeded: seed >> (8 * index)) }
    return Data(bytes)
  }
}
