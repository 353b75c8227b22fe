import Foundation
import GRDB
import LiquidusModel

/// The workouts of one file's import: each keyed by what it says (its start, minutes, activity
/// and app), so that importing the file again, or the same workout from another device's
/// export, adds it once.
///
/// Workouts are a few a day against thousands of drinks, so each goes in with its own
/// statement rather than through the drinks' batched path.
final class WorkoutImport {
  private let insert: Statement
  private var key = ImportKey()
  /// Folded activity names (see ``ImportKey/nameKey(_:)``, tens of microseconds each through
  /// Foundation): an export names a handful of activities across thousands of workouts.
  private var activityKeys: [String: [UInt8]] = [:]
  /// The ids of the workouts this file's import inserted, for ``deleteInserted(_:)``.
  private var insertedUIDs: [String] = []
  private(set) var added = 0
  private(set) var duplicates = 0

  init(_ db: Database) throws {
    // A workout deleted here keeps its tombstone: importing the file again does not revive it.
    insert = try db.makeStatement(
      sql: """
        INSERT INTO workout (uid, at_utc, minutes, activity, source, source_name)
        SELECT ?1, ?2, ?3, ?4, 'imported', ?5
        WHERE NOT EXISTS (SELECT 1 FROM workout_tombstone WHERE uid = ?1)
        ON CONFLICT(uid) DO NOTHING
        """)
  }

  /// Adds a workout unless it is here already.
  func add(
    activity: String, minutes: Double, instant: Date, sourceName: String?, sourceKey: [UInt8],
    _ db: Database
  ) throws {
    let activityKey: [UInt8]
    if let known = activityKeys[activity] {
      activityKey = known
    } else {
      activityKey = ImportKey.nameKey(activity)
      activityKeys[activity] = activityKey
    }
    key.build(
      kind: UInt8(ascii: "w"), milliseconds: instant.millisecondsSince1970, amount: minutes,
      typeKey: activityKey, sourceKey: sourceKey)
    let uid = String(decoding: EntryUID.text(forImportKey: key.bytes), as: UTF8.self)
    try insert.execute(arguments: [uid, instant.utcText, minutes, activity, sourceName])
    if db.changesCount > 0 {
      added += 1
      insertedUIDs.append(uid)
    } else {
      duplicates += 1
    }
  }

  /// Deletes what this import inserted: the file proved damaged.
  func deleteInserted(_ db: Database) throws {
    for uid in insertedUIDs {
      try db.execute(sql: "DELETE FROM workout WHERE uid = ?", arguments: [uid])
    }
    insertedUIDs.removeAll()
    added = 0
  }
}
