import Foundation
import LiquidusModel
import LiquidusStore

extension HealthConnectReader {
  /// The table a session's rejection names, as the others name theirs.
  static let sessionTable = "exercise_session_record_table"

  /// An `exercise_session_record_table` row as a workout: its activity from `exercise_type`
  /// (``HealthConnectExerciseTypes``), begun at `start_time` and lasting until `end_time`
  /// (both milliseconds since 1970, UTC; `start_zone_offset` only says where the phone was, as
  /// for drinks). The writing app is its source, so the workout's key is its start, minutes,
  /// activity and app, like an Apple Health workout's.
  ///
  /// The session's `title` is not read: it is free text that the app or the person chose
  /// ("Pull Day", "Morning run with Sam"), often in the phone's language, where the activity
  /// is what a day's exercise is listed by. It would also enter the import key, so renaming a
  /// session in its app would make the next import add it again.
  ///
  /// A session without both times is rejected. One that ends at or before it begins, lasts
  /// under a minute or longer than ``Workout/maximumMinutes`` is skipped and counted: a watch
  /// left recording for days is not a day's exercise, and the day's goal would grow by litres.
  static func sessionEvent(for row: HealthConnectFile.Row) -> ReaderEvent {
    let line = Int(clamping: row.rowID)
    let name = "\(sessionTable) row \(row.rowID)"
    guard let start = row.startMilliseconds, let end = row.endMilliseconds else {
      let missing = row.startMilliseconds == nil ? "start_time" : "end_time"
      return .rejected(
        line: line, reason: "\(name) has no \(missing) (epoch milliseconds)" + advice)
    }
    // A session out of a workout's range is the app's record, not a damaged file: counted
    // and left out, so that it does not fail every later import of the export.
    let (length, overflow) = end.subtractingReportingOverflow(start)
    let minutes = Double(length) / 60_000
    guard !overflow, Workout.isPlausible(minutes: minutes) else {
      return .skipped(recordType: Workout.outOfRangeLabel)
    }
    return .record(
      ImportedRecord(
        content: .workout(
          activity: HealthConnectExerciseTypes.activity(row.exerciseType), minutes: minutes),
        instant: Date(timeIntervalSince1970: Double(start) / 1000), sourceName: row.app,
        note: nil, line: line))
  }
}
