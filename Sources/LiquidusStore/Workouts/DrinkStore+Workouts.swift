import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// Records a workout typed in (`log-workout`) and returns it with its ids.
  /// - Throws: ``WorkoutError/durationOutOfRange(_:)`` for no time or more than a day.
  @discardableResult
  public func logWorkout(_ workout: Workout) throws -> Workout {
    guard Workout.isPlausible(minutes: workout.minutes) else {
      throw WorkoutError.durationOutOfRange("\(workout.minutes) minutes")
    }
    return try write { db in
      var stored = workout
      stored.uid = EntryUID.random()
      try db.execute(
        sql: """
          INSERT INTO workout (uid, at_utc, minutes, activity, source, source_name)
          VALUES (?, ?, ?, ?, 'typed', ?)
          """,
        arguments: [
          stored.uid, workout.start.utcText, workout.minutes, workout.activity,
          workout.sourceName,
        ])
      stored.id = Workout.ID(db.lastInsertedRowID)
      return stored
    }
  }

  /// The workouts begun in `interval` (all of them for nil), oldest first.
  public func workouts(in interval: DateInterval? = nil) throws -> [Workout] {
    try readOneStatement { db in
      let columns = Self.workoutColumns
      let rows: [Row]
      if let interval {
        rows = try Row.fetchAll(
          db, sql: "SELECT \(columns) WHERE at_utc >= ? AND at_utc < ? ORDER BY at_utc, id",
          arguments: [interval.start.utcText, interval.end.utcText])
      } else {
        rows = try Row.fetchAll(db, sql: "SELECT \(columns) ORDER BY at_utc, id")
      }
      return rows.map(Self.workout)
    }
  }

  /// Deletes a workout, leaving its id behind so that a merge does not bring it back.
  /// - Returns: the workout as it was.
  /// - Throws: ``WorkoutError/notFound(id:)``.
  @discardableResult
  public func deleteWorkout(id: Workout.ID, now: Date) throws -> Workout {
    try write { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: "SELECT \(Self.workoutColumns) WHERE id = ?",
          arguments: [id])
      else { throw WorkoutError.notFound(id: id.rawValue) }
      let workout = Self.workout(row)
      try db.execute(
        sql: "INSERT OR REPLACE INTO workout_tombstone (uid, deleted_at) VALUES (?, ?)",
        arguments: [workout.uid, now.utcText])
      try db.execute(sql: "DELETE FROM workout WHERE id = ?", arguments: [id])
      return workout
    }
  }

  /// What ``workout(_:)`` reads, in its order.
  static let workoutColumns = "id, uid, at_utc, minutes, activity, source_name, source FROM workout"

  static func workout(_ row: Row) -> Workout {
    var workout = Workout(
      id: row[0], start: row[2], minutes: row[3], activity: row[4], sourceName: row[5],
      uid: row[1])
    workout.source = row[6]
    return workout
  }
}
