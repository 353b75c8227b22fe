import Foundation
import GRDBSQLite

/// Reads the drinks and caffeine out of Android Health Connect's export database
/// (`health_connect_export.db`), read-only, one row at a time.
///
/// The store is the only layer that speaks SQL (see ARCHITECTURE.md), so the Health Connect
/// reader in the sources layer gets its rows from here. The file is opened through SQLite's
/// own C API with `immutable=1`: it is an export, nobody writes it, so SQLite takes no locks,
/// creates no `-wal` or `-shm` file beside it and never changes a byte. A statement is stepped
/// for every ``next()``, so memory stays flat however many rows the export holds.
///
/// The tables and columns are those of the Health Connect service's own database (AOSP,
/// `HydrationRecordHelper`, `NutritionRecordHelper`, `AppInfoHelper`):
///
/// - `hydration_record_table`: `row_id`, `start_time` (ms since 1970, UTC), `volume` (litres),
///   `app_info_id`;
/// - `nutrition_record_table`: the same times, and `caffeine` (grams) on versions that have it;
/// - `exercise_session_record_table` (`ExerciseSessionRecordHelper`): `start_time`, `end_time`
///   (ms, UTC) and `exercise_type` (the platform's `ExerciseSessionType` constant);
/// - `application_info_table`: `row_id`, `package_name` of the app that wrote a record.
package final class HealthConnectFile {
  /// Which table a row came from.
  package enum Table: Sendable, Equatable {
    /// `hydration_record_table`: a drink, `amount` in litres.
    case hydration
    /// `nutrition_record_table` with caffeine: `amount` in grams.
    case caffeine
    /// `exercise_session_record_table`: a workout, with an end and a type and no `amount`.
    case exercise
  }

  /// One record as the export holds it; `nil` where the column is NULL or not a number.
  package struct Row: Sendable, Equatable {
    package var table: Table
    package var rowID: Int64
    package var startMilliseconds: Int64?
    package var amount: Double?
    package var app: String?
    /// An exercise session's `end_time`; nil for the other tables.
    package var endMilliseconds: Int64? = nil
    /// An exercise session's `exercise_type`; nil for the other tables, or when not an integer.
    package var exerciseType: Int64? = nil
  }

  /// Why the file cannot be read as a Health Connect export.
  package struct OpenError: Error, Equatable {
    package var reason: String
  }

  /// Rows in the tables read, for a progress bar.
  package private(set) var rowCount: Int64 = 0
  /// Whether the export has `nutrition_record_table.caffeine`.
  package private(set) var hasCaffeine = false
  /// Whether the export has exercise sessions to read (`start_time` and `end_time` at least).
  package private(set) var hasExercise = false

  private var connection: OpaquePointer?
  private var statements: [(Table, OpaquePointer)] = []

  /// Opens `path` read-only and prepares the queries.
  ///
  /// - Throws: ``OpenError`` when the file is not SQLite or lacks `hydration_record_table`.
  package init(path: String) throws(OpenError) {
    // A URI, so that `immutable=1` applies; `%`, `?` and `#` would end the path part.
    var escaped = ""
    for character in path {
      switch character {
      case "%": escaped += "%25"
      case "?": escaped += "%3F"
      case "#": escaped += "%23"
      default: escaped.append(character)
      }
    }
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2("file:\(escaped)?immutable=1", &handle, flags, nil)
    connection = handle
    guard code == SQLITE_OK else {
      let reason = Self.message(handle) ?? "SQLite cannot open it (code \(code))"
      close()
      throw OpenError(reason: reason)
    }
    do throws(OpenError) {
      let tables = Set(try strings("SELECT name FROM sqlite_master WHERE type = 'table'"))
      guard tables.contains("hydration_record_table") else {
        throw OpenError(
          reason: "it is an SQLite database but has no hydration_record_table, so it is not a"
            + " Health Connect export")
      }
      // Separate steps: `&&` would turn the typed throw into an untyped one.
      var apps = false
      if tables.contains("application_info_table") {
        apps = try columns(of: "application_info_table").contains("package_name")
      }
      if tables.contains("nutrition_record_table") {
        hasCaffeine = try columns(of: "nutrition_record_table").contains("caffeine")
      }
      // Older or other exports without the table, or without the times a session needs,
      // are read for their drinks as before; a session without its type is a `workout`.
      var sessionColumns: Set<String> = []
      if tables.contains("exercise_session_record_table") {
        sessionColumns = Set(try columns(of: "exercise_session_record_table"))
        hasExercise = sessionColumns.isSuperset(of: ["row_id", "start_time", "end_time"])
      }
      // Every query gives the same columns: row_id, start_time, the amount, the app's package
      // (through app_info_id; NULL without an app table), then end_time and exercise_type.
      func query(
        _ table: String, _ amount: String, _ times: String = "NULL, NULL",
        where filter: String = "",
        joiningApps: Bool? = nil
      ) -> String {
        let app = joiningApps ?? apps
        let package = app ? "a.package_name" : "NULL"
        let join = app ? " LEFT JOIN application_info_table a ON a.row_id = r.app_info_id" : ""
        return "SELECT r.row_id, r.start_time, \(amount), \(package), \(times) FROM \(table) r"
          + "\(join)\(filter) ORDER BY r.row_id"
      }
      var count = try integer("SELECT count(*) FROM hydration_record_table")
      statements.append((.hydration, try prepare(query("hydration_record_table", "r.volume"))))
      if hasCaffeine {
        // Only meals that carry caffeine: most nutrition records are food without any.
        let filter = " WHERE r.caffeine IS NOT NULL AND r.caffeine <> 0"
        count += try integer("SELECT count(*) FROM nutrition_record_table r" + filter)
        statements.append(
          (.caffeine, try prepare(query("nutrition_record_table", "r.caffeine", where: filter))))
      }
      if hasExercise {
        count += try integer("SELECT count(*) FROM exercise_session_record_table")
        let type = sessionColumns.contains("exercise_type") ? "r.exercise_type" : "NULL"
        let sql = query(
          "exercise_session_record_table", "NULL", "r.end_time, \(type)",
          joiningApps: apps && sessionColumns.contains("app_info_id"))
        statements.append((.exercise, try prepare(sql)))
      }
      rowCount = count
    } catch {
      close()
      throw error
    }
  }

  deinit { close() }

  /// The next row: every hydration record, then every caffeine record, then every exercise
  /// session.
  ///
  /// - Throws: ``OpenError`` when SQLite fails part-way (a damaged page).
  package func next() throws(OpenError) -> Row? {
    while let (table, statement) = statements.first {
      let code = sqlite3_step(statement)
      if code == SQLITE_ROW {
        return Row(
          table: table, rowID: sqlite3_column_int64(statement, 0),
          startMilliseconds: Self.integer(statement, 1),
          amount: Self.number(statement, 2),
          app: sqlite3_column_text(statement, 3).map { String(cString: $0) },
          endMilliseconds: Self.integer(statement, 4), exerciseType: Self.integer(statement, 5))
      }
      sqlite3_finalize(statement)
      statements.removeFirst()
      guard code == SQLITE_DONE else {
        throw OpenError(reason: Self.message(connection) ?? "SQLite stopped (code \(code))")
      }
    }
    return nil
  }

  /// Closes the database; ``next()`` returns nil from then on.
  package func close() {
    for (_, statement) in statements { sqlite3_finalize(statement) }
    statements.removeAll()
    if let connection { sqlite3_close_v2(connection) }
    connection = nil
  }

  /// An INTEGER cell; a real, text, a blob and NULL are nil, as no time or type is one of them.
  private static func integer(_ statement: OpaquePointer, _ column: Int32) -> Int64? {
    sqlite3_column_type(statement, column) == SQLITE_INTEGER
      ? sqlite3_column_int64(statement, column) : nil
  }

  /// A REAL or INTEGER cell as a Double; text and NULL are nil.
  private static func number(_ statement: OpaquePointer, _ column: Int32) -> Double? {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_FLOAT, SQLITE_INTEGER: sqlite3_column_double(statement, column)
    default: nil
    }
  }

  private func prepare(_ sql: String) throws(OpenError) -> OpaquePointer {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement
    else {
      throw OpenError(reason: Self.message(connection) ?? "SQLite cannot read it")
    }
    return statement
  }

  private func strings(_ sql: String) throws(OpenError) -> [String] {
    let statement = try prepare(sql)
    defer { sqlite3_finalize(statement) }
    var values: [String] = []
    while true {
      let code = sqlite3_step(statement)
      if code == SQLITE_DONE { return values }
      guard code == SQLITE_ROW else {
        throw OpenError(reason: Self.message(connection) ?? "SQLite cannot read it")
      }
      if let text = sqlite3_column_text(statement, 0) { values.append(String(cString: text)) }
    }
  }

  private func columns(of table: String) throws(OpenError) -> [String] {
    let statement = try prepare("PRAGMA table_info(\(table))")
    defer { sqlite3_finalize(statement) }
    var names: [String] = []
    while sqlite3_step(statement) == SQLITE_ROW {
      if let text = sqlite3_column_text(statement, 1) { names.append(String(cString: text)) }
    }
    return names
  }

  private func integer(_ sql: String) throws(OpenError) -> Int64 {
    let statement = try prepare(sql)
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW else {
      throw OpenError(reason: Self.message(connection) ?? "SQLite cannot read it")
    }
    return sqlite3_column_int64(statement, 0)
  }

  private static func message(_ connection: OpaquePointer?) -> String? {
    guard let connection, let text = sqlite3_errmsg(connection) else { return nil }
    return String(cString: text)
  }
}
