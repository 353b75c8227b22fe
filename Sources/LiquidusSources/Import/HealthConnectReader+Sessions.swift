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
  /// A session without both times, one that ends at or before it begins, or one longer than
  /// ``Workout/maximumMinutes`` is rejected: a watch left recording for days is not a day's
  /// exercise, and the day's goal would grow by litres.
  static func sessionEvent(for row: HealthConnectFile.Row) -> ReaderEvent {
    let line = Int(clamping: row.rowID)
    let name = "\(sessionTable) row \(row.rowID)"
    guard let start = row.startMilliseconds, let end = row.endMilliseconds else {
      let missing = row.startMilliseconds == nil ? "start_time" : "end_time"
      return .rejected(
        line: line, reason: "\(name) has no \(missing) (epoch milliseconds)" + advice)
    }
    let times = "(start_time \(start), end_time \(end))"
    guard end > start else {
      return .rejected(
        line: line,
        reason: "\(name) ends at or before it starts \(times); a workout lasts more than 0"
          + " minutes" + advice)
    }
    let (length, overflow) = end.subtractingReportingOverflow(start)
    let minutes = Double(length) / 60_000
    guard !overflow, minutes <= Workout.maximumMinutes else {
      return .rejected(
        line: line,
        reason: "\(name) lasts \(hours(overflow ? nil : length)) \(times); a workout lasts at"
          + " most 24 hours" + advice)
    }
    return .record(
      ImportedRecord(
        content: .workout(
          activity: HealthConnectExerciseTypes.activity(row.exerciseType), minutes: minutes),
        instant: Date(timeIntervalSince1970: Double(start) / 1000), sourceName: row.app,
        note: nil, line: line))
  }

  /// `30 hours`, `26.5 hours`: a length too long to be a workout, to a tenth of an hour.
  private static func hours(_ milliseconds: Int64?) -> String {
    guard let milliseconds, milliseconds / 3_600_000 < 1_000_000_000 else {
      return "more than a billion hours"
    }
    let tenths = (Double(milliseconds) / 360_000).rounded()
    let whole = Int64(tenths) / 10
    let fraction = Int64(tenths) % 10
    return fraction == 0 ? "\(whole) hours" : "\(whole).\(fraction) hours"
  }
}
