import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// Migration v5: what `liquidus merge` needs to bring two databases together.
  ///
  /// - `drink.uid`: the entry's id on every device (see ``EntryUID``), unique. Existing entries
  ///   get the id of their import key, or one derived from what they hold, so that two copies
  ///   of one old database agree.
  /// - `drink.modified_at`: when the entry was last written, as `at_utc` is written; the newest
  ///   version of an entry wins a merge. Existing entries take their own time: nothing older is
  ///   known about them.
  /// - `drink_tombstone`: the id of each deleted entry and when it was deleted, so that a merge
  ///   deletes it on the other side too instead of bringing it back.
  /// - `drink.merged_in`: 1 for an entry another database's merge added here, so that `undo`
  ///   takes back what was logged here, not the other device's last drink.
  ///
  /// Plain SQL and this file's own constants, as every migration: it must not change once landed.
  static func addEntryIDs(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE drink ADD COLUMN uid TEXT;
        ALTER TABLE drink ADD COLUMN modified_at TEXT NOT NULL DEFAULT '';
        ALTER TABLE drink ADD COLUMN merged_in INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE drink_tombstone (
          uid TEXT PRIMARY KEY,                -- the deleted entry's drink.uid
          deleted_at TEXT NOT NULL             -- 'YYYY-MM-DD HH:MM:SS.SSS' in UTC
        ) WITHOUT ROWID;
        """)
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT d.id, d.import_key, t.name_key, d.volume_ml, d.at_utc, d.note
        FROM drink d JOIN drink_type t ON t.id = d.type_id
        """)
    let update = try db.makeStatement(
      sql: "UPDATE drink SET uid = ?, modified_at = at_utc WHERE id = ?")
    while let row = try rows.next() {
      let id: Int64 = row[0]
      let importKey: String? = row[1]
      let uid =
        EntryUID.forStoredEntry(
          importKey: importKey, rowID: id, typeKey: row[2], milliliters: row[3], utc: row[4],
          note: row[5])
      try update.execute(arguments: [uid, id])
    }
    try db.execute(sql: "CREATE UNIQUE INDEX drink_by_uid ON drink(uid)")
  }

  /// Gives every entry without an id one: an entry added by hand in the sqlite3 shell, say.
  /// Derived like an upgraded entry's, so every reader of the file agrees on it. The entry's
  /// time is the text older schemas stored (see ``EntryUID/forUpgradedEntry``), so the id is
  /// the one the same entry would have got in a file of those versions.
  static func assignMissingIDs(_ db: Database) throws {
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT d.id, d.import_key, t.name_key, d.volume_ml, d.at_ms, d.note
        FROM drink d JOIN drink_type t ON t.id = d.type_id WHERE d.uid IS NULL
        """)
    for row in rows {
      let id: Int64 = row[0]
      let importKey: String? = row[1]
      let instant = (try? row.decode(StoredInstant.self, atIndex: 4))?.date
      let utc = instant?.utcText.text ?? (row[4] as DatabaseValue).description
      var uid =
        EntryUID.forStoredEntry(
          importKey: importKey, rowID: id, typeKey: row[2], milliliters: row[3], utc: utc,
          note: row[5])
      if try Bool.fetchOne(
        db, sql: "SELECT 1 FROM drink WHERE uid = ?", arguments: [uid.storedUID]) != nil
      {
        uid = EntryUID.random()
      }
      try db.execute(
        sql: "UPDATE drink SET uid = ?, modified_ms = IFNULL(modified_ms, at_ms) WHERE id = ?",
        arguments: [uid.storedUID, id])
    }
  }

  /// Records that the entries `uids` were deleted at `now`; a later deletion keeps its time.
  static func bury(_ uids: [String], at now: Date, _ db: Database) throws {
    let statement = try db.cachedStatement(
      sql: """
        INSERT INTO drink_tombstone (uid, deleted_ms) VALUES (?, ?)
        ON CONFLICT(uid) DO UPDATE SET deleted_ms = MAX(deleted_ms, excluded.deleted_ms)
        """)
    for uid in uids { try statement.execute(arguments: [uid.storedUID, now.stored]) }
  }

  /// Records the deletion of every entry `condition` selects (SQL over `drink`, with
  /// `arguments`), to run just before those entries are deleted.
  static func buryEntries(
    where condition: String, arguments: StatementArguments, at now: Date, _ db: Database
  ) throws {
    try assignMissingIDs(db)
    let uids = try StoredUID.fetchAll(
      db, sql: "SELECT uid FROM drink WHERE \(condition)", arguments: arguments)
    try bury(uids.map(\.text), at: now, db)
  }
}
