import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// The workouts of a merge's other side, read without trusting their values: the snapshot's
  /// check holds each to what `log-workout` and an import keep.
  static func mergeWorkouts(_ db: Database, bounded path: String?) throws
    -> [MergeSnapshot.WorkoutRecord]
  {
    var workouts: [MergeSnapshot.WorkoutRecord] = []
    try MergeSourceRows.forEach(
      db, sql: "SELECT uid, at_utc, minutes, activity, source_name FROM workout ORDER BY id",
      table: "workout", bounded: path
    ) { row in
      workouts.append(
        MergeSnapshot.WorkoutRecord(
          uid: MergeSourceRows.text(row[0]), utc: MergeSourceRows.text(row[1]),
          minutes: MergeSourceRows.number(row[2]), activity: MergeSourceRows.text(row[3]),
          sourceName: MergeSourceRows.optionalText(row[4])))
    }
    return workouts
  }
}

extension MergeSnapshot {
  /// Why a workout of the other side cannot be stored here, named by its id; nil when it can.
  static func workoutProblem(_ workout: WorkoutRecord, now: Date) -> String? {
    let place = "the workout \(workout.uid.prefix(40))"
    guard EntryUID.isWellFormed(workout.uid) else {
      return "\(place): its id is not an entry id as Liquidus writes them"
    }
    guard let milliseconds = StoredTime.milliseconds(workout.utc) else {
      return "\(place): its start '\(workout.utc.prefix(40))' is not a time"
    }
    if let problem = EntryLimits.instantProblem(
      Date(millisecondsSince1970: milliseconds), now: now,
      skew: EntryLimits.clockSkew)
    {
      return "\(place): \(problem)"
    }
    guard Workout.isPlausible(minutes: workout.minutes) else {
      return "\(place) lasts \(workout.minutes) minutes; a workout lasts from a minute to 24 "
        + "hours"
    }
    // What log-workout and the imports store: a cleaned name, and a bounded app name.
    guard Workout.activity(named: workout.activity) == workout.activity,
      (workout.sourceName?.count ?? 0) <= 200,
      !(workout.sourceName ?? "").unicodeScalars.contains(
        where: CharacterSet.controlCharacters.contains)
    else {
      return "\(place): its activity is not 1 to \(Workout.longestActivity) characters without "
        + "line breaks, or its app's name is too long"
    }
    return nil
  }
}
