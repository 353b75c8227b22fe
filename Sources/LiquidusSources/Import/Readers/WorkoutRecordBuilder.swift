import Foundation
import LiquidusModel

/// Turns an Apple Health `<Workout>` into an event: its activity in plain words, its start and
/// its minutes.
enum WorkoutRecordBuilder {
  private static let appleNumbers = ImportedNumber(decimalSeparator: ".")

  static func event(
    activity: String?, duration: ByteSpan?, unit: String?, start: ByteSpan?, end: ByteSpan?,
    sourceName: String?, line: Int
  ) -> ReaderEvent {
    guard let start, let stamp = TimestampParser.parse(start),
      let instant = stamp.instant(using: nil)
    else {
      return .rejected(
        line: line,
        reason: "Workout startDate \(start?.quotedForMessage ?? "(none)") is not a date with an "
          + "offset; expected \(HealthRecordBuilder.dateExample)")
    }
    var minutes: Double?
    if let duration, case .success(let number) = appleNumbers.read(duration) {
      minutes = unit.flatMap(minutesFactor).map { number * $0 }
    }
    // A duration of nothing or less (`0`, `-20`) is out of range, as below, whatever the end
    // says.
    if minutes == nil, let duration, let raw = Double(duration.trimmed.string), raw <= 0 {
      return .skipped(recordType: Workout.outOfRangeLabel)
    }
    // No duration (or one in a unit of its own): the time between its start and its end.
    if minutes == nil, let end, let stamp = TimestampParser.parse(end),
      let finish = stamp.instant(using: nil)
    {
      minutes = finish.timeIntervalSince(instant) / 60
    }
    guard let minutes else {
      return .rejected(
        line: line,
        reason: "Workout has neither a duration in min, s or hr nor an endDate; expected "
          + "duration=\"30\" durationUnit=\"min\"")
    }
    // Out of a workout's range (a negative duration, an end before the start, a watch left
    // running for days) is the app's record, not a damaged file: counted and left out, so
    // that it does not fail every later import of the export.
    guard Workout.isPlausible(minutes: minutes) else {
      return .skipped(recordType: Workout.outOfRangeLabel)
    }
    return .record(
      ImportedRecord(
        content: .workout(activity: Self.activity(activity), minutes: minutes), instant: instant,
        sourceName: sourceName, note: nil, line: line))
  }

  /// How many minutes one of `unit` is.
  private static func minutesFactor(_ unit: String) -> Double? {
    switch unit.trimmingCharacters(in: .whitespaces).lowercased() {
    case "min", "mins", "minute", "minutes", "": 1
    case "s", "sec", "second", "seconds": 1.0 / 60
    case "hr", "h", "hour", "hours": 60
    default: nil
    }
  }

  /// `HKWorkoutActivityTypeTraditionalStrengthTraining` as `traditional strength training`;
  /// `workout` for none.
  static func activity(_ identifier: String?) -> String {
    guard var name = identifier?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
      return Workout.unnamedActivity
    }
    let prefix = "HKWorkoutActivityType"
    if name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
    var words = ""
    for character in name {
      if character.isUppercase, !words.isEmpty { words.append(" ") }
      words.append(contentsOf: character.lowercased())
    }
    return Workout.activity(named: words)
  }
}
