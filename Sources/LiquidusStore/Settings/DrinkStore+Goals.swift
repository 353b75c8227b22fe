import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// The day `goal_change` stores for the goal since the beginning of history.
  static let beginningDay = "0000-01-01"

  /// Every goal change, oldest day first.
  public func goalHistory() throws -> GoalHistory {
    try settings().goals
  }

  /// Records a goal change in one transaction and returns the history it makes. A change for a
  /// day that has one replaces it: a person who sets the goal twice today means the second.
  ///
  /// With `carryingRateForward`, the change's per-workout rate also replaces that of every later
  /// change (stamped with this change's time, so that a merge carries them): a rate holds from
  /// its day on, whatever goals were set after it.
  @discardableResult
  public func recordGoal(_ change: GoalChange, carryingRateForward: Bool = false) throws
    -> GoalHistory
  {
    try write { db in
      // The first change of a database that never had one: the goal in force until now (the
      // default) stays the goal of the days before it.
      if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM goal_change)") != true {
        let before = try Self.settings(db).goals.latest
        try Self.storeGoalChange(
          GoalChange(from: nil, target: before, changedAt: Date(timeIntervalSince1970: 0)), db)
      }
      try Self.storeGoalChange(change, db)
      if carryingRateForward {
        try db.execute(
          sql: """
            UPDATE goal_change SET workout_ml = ?, workout_minutes = ?, changed_at = ?
            WHERE day > ?
            """,
          arguments: [
            change.target.perWorkout?.amount.milliliters, change.target.perWorkout?.minutes,
            change.changedAt.timeIntervalSince1970, change.from ?? Self.beginningDay,
          ])
      }
      // Kept for the fallback when the table is empty: the newest goal.
      try Self.storeSettings(
        [(.dailyGoal, String(try Self.settings(db).goals.latest.amount.milliliters))], db)
      return try Self.settings(db).goals
    }
  }

  /// The stored changes, oldest day first.
  static func goalChanges(_ db: Database) throws -> [GoalChange] {
    try Row.fetchAll(
      db.cachedStatement(
        sql: """
          SELECT day, amount_ml, kind, changed_at, workout_ml, workout_minutes FROM goal_change
          ORDER BY day
          """)
    ).map { row in
      let day: String = row[0]
      return GoalChange(
        from: day == beginningDay ? nil : day,
        target: DailyTarget(
          amount: Volume(milliliters: row[1]), kind: GoalKind(rawValue: row[2]) ?? .goal,
          perWorkout: allowance(milliliters: row[4], minutes: row[5])),
        changedAt: Date(timeIntervalSince1970: row[3]))
    }
  }

  /// The allowance a goal change's two columns hold, nil unless both do.
  static func allowance(milliliters: Double?, minutes: Double?) -> WorkoutAllowance? {
    guard let milliliters, let minutes, milliliters > 0, minutes > 0 else { return nil }
    return WorkoutAllowance(amount: Volume(milliliters: milliliters), minutes: minutes)
  }

  /// Writes `change`, replacing the change of its day unless that one is newer (or, without
  /// `replacingSameTime`, as new: a merge leaves a tie as it is).
  static func storeGoalChange(
    _ change: GoalChange, _ db: Database, replacingSameTime: Bool = true
  ) throws {
    try db.execute(
      sql: """
        INSERT INTO goal_change (day, amount_ml, kind, changed_at, workout_ml, workout_minutes)
        VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT(day) DO UPDATE SET amount_ml = excluded.amount_ml, kind = excluded.kind,
          changed_at = excluded.changed_at, workout_ml = excluded.workout_ml,
          workout_minutes = excluded.workout_minutes
        WHERE excluded.changed_at \(replacingSameTime ? ">=" : ">") goal_change.changed_at
        """,
      arguments: [
        change.from ?? beginningDay, change.target.amount.milliliters,
        change.target.kind.rawValue, change.changedAt.timeIntervalSince1970,
        change.target.perWorkout?.amount.milliliters, change.target.perWorkout?.minutes,
      ])
  }

  /// Replaces every stored change with `goals`'s.
  static func replaceGoals(with goals: GoalHistory, _ db: Database) throws {
    try db.execute(sql: "DELETE FROM goal_change")
    for change in goals.changes { try storeGoalChange(change, db) }
  }
}
