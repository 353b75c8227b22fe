import Foundation
import GRDB

extension DrinkStore {
  /// The schema's history. Never edit a migration once it has landed: add the next one, so that
  /// every database a person already has upgrades the same way.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: drink types, drinks and settings") { db in
      // Plain names so a person can read the file with the sqlite3 shell.
      try db.execute(
        sql: """
          CREATE TABLE drink_type (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,       -- name folded for case-insensitive uniqueness
            color TEXT NOT NULL,                 -- #RRGGBB
            position INTEGER NOT NULL,           -- order in lists and chart stacks, from 1
            is_enabled INTEGER NOT NULL DEFAULT 1,
            is_archived INTEGER NOT NULL DEFAULT 0,
            is_builtin INTEGER NOT NULL DEFAULT 0
          );
          CREATE TABLE drink (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            type_id INTEGER NOT NULL REFERENCES drink_type(id),
            volume_ml REAL NOT NULL CHECK (volume_ml > 0),
            at_utc TEXT NOT NULL,                -- 'YYYY-MM-DD HH:MM:SS.SSS' in UTC
            note TEXT,
            source TEXT NOT NULL DEFAULT 'typed' CHECK (source IN ('typed', 'imported'))
          );
          -- Covers the range scans every summary makes: by time, then type and volume.
          CREATE INDEX drink_by_time ON drink(at_utc, type_id, volume_ml);
          CREATE INDEX drink_by_type ON drink(type_id);
          CREATE TABLE setting (
            key TEXT PRIMARY KEY,                -- daily_goal_ml, display_unit, first_weekday
            value TEXT NOT NULL
          );
          """)
      for type in DrinkType.builtIns {
        var record = type
        try record.insert(db)
      }
    }
    return migrator
  }
}
