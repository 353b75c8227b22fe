import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// The migration that gave entries ids and modification times: what a merge needs of the
  /// other file. Migrations after it change nothing a merge reads.
  static let entryIDsMigration = "v5: entry ids, modification times and tombstones"

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
      // Plain SQL with v1's columns only: a migration must not change once it has landed,
      // and the record's encoding grows with later migrations.
      for type in DrinkType.builtIns {
        try db.execute(
          sql: """
            INSERT INTO drink_type (name, name_key, color, position, is_builtin)
            VALUES (?, ?, ?, ?, 1)
            """,
          arguments: [type.name, DrinkType.nameKey(type.name), type.color.hex, type.position])
      }
    }
    migrator.registerMigration("v2: import keys and caffeine records") { db in
      // `import_key` is what makes `liquidus import` idempotent: see ImportKey for what it
      // covers. Typed entries have none, hence the partial index (and no cost for them).
      // `caffeine` keeps Apple Health's DietaryCaffeine records, linked to no drink yet.
      try db.execute(
        sql: """
          ALTER TABLE drink ADD COLUMN import_key TEXT;
          CREATE UNIQUE INDEX drink_by_import_key ON drink(import_key)
            WHERE import_key IS NOT NULL;
          CREATE TABLE caffeine (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at_utc TEXT NOT NULL,                -- 'YYYY-MM-DD HH:MM:SS.SSS' in UTC
            mg REAL NOT NULL CHECK (mg >= 0),
            source_name TEXT,                    -- the app that wrote it, if known
            import_key TEXT UNIQUE
          );
          CREATE INDEX caffeine_by_time ON caffeine(at_utc);
          """)
    }
    migrator.registerMigration("v3: caffeine and hydration of drinks") { db in
      // A type's caffeine per 100 mL and hydration factor; an entry's own caffeine, fixed when
      // it is logged so that a later change of the type's content does not rewrite history.
      // Existing entries get their type's published average, as new ones of that type would.
      try db.execute(
        sql: """
          ALTER TABLE drink_type ADD COLUMN caffeine_mg_per_100ml REAL NOT NULL DEFAULT 0
            CHECK (caffeine_mg_per_100ml >= 0);
          ALTER TABLE drink_type ADD COLUMN hydration_factor REAL NOT NULL DEFAULT 1
            CHECK (hydration_factor BETWEEN 0 AND 2);
          ALTER TABLE drink ADD COLUMN caffeine_mg REAL NOT NULL DEFAULT 0
            CHECK (caffeine_mg >= 0);
          -- Where an imported entry came from (WaterMinder, Cronometer, or `typed`/`imported`
          -- read back from a Liquidus export), so that export says it again.
          ALTER TABLE drink ADD COLUMN source_name TEXT;
          -- Only caffeinated entries, so caffeine by day costs what those entries cost and the
          -- volume index stays as narrow as the summaries need.
          CREATE INDEX drink_caffeine_by_time ON drink(at_utc, type_id, caffeine_mg)
            WHERE caffeine_mg > 0;
          -- A caffeine record that shares an Apple Health Food correlation with a drink is that
          -- drink's caffeine (copied into drink.caffeine_mg), not a second intake; deleting the
          -- drink deletes it too (the person did not drink it). Indexed, or every deleted drink
          -- would scan the whole table for records to delete.
          ALTER TABLE caffeine ADD COLUMN drink_id INTEGER REFERENCES drink(id) ON DELETE CASCADE;
          CREATE INDEX caffeine_by_drink ON caffeine(drink_id) WHERE drink_id IS NOT NULL;
          """)
      // The values as they were when this migration was written, not KnownDrinks': a
      // migration gives every database the same history, whenever it runs.
      let known: [String: (caffeine: Double, hydration: Double)] = [
        "coffee": (40, 1), "soda": (10, 1), "cola": (10, 1), "espresso": (212, 1), "tea": (20, 1),
        "black tea": (20, 1), "green tea": (12, 1), "mate": (33, 1), "yerba mate": (33, 1),
        "energy drink": (32, 1), "decaf": (1, 1), "decaf coffee": (1, 1), "milk": (0, 1.5),
        "oral rehydration solution": (0, 1.5), "ors": (0, 1.5),
      ]
      for row in try Row.fetchAll(db, sql: "SELECT id, name_key FROM drink_type") {
        let key: String = row["name_key"]
        guard let values = known[key.lowercased()] else { continue }
        try db.execute(
          sql: "UPDATE drink_type SET caffeine_mg_per_100ml = ?, hydration_factor = ? WHERE id = ?",
          arguments: [values.caffeine, values.hydration, row["id"] as Int64])
      }
      try db.execute(
        sql: """
          UPDATE drink SET caffeine_mg = volume_ml * (
            SELECT caffeine_mg_per_100ml FROM drink_type WHERE drink_type.id = drink.type_id) / 100
          """)
    }
    migrator.registerMigration("v4: day totals") { db in
      // What each local day held, per type, kept for the commands a person runs many times a
      // day (`status` and its streak, `summary`): without it their cost grows with the whole
      // history. It is a cache, never the truth: a row exists only for a day computed from
      // the entries since the last change to that day, because every change to `drink` or
      // `caffeine` deletes the rows of the days it touches (the triggers below run inside
      // the writing transaction, so a crash cannot leave a stale row). `type_id` 0 is the day
      // itself: its caffeine records, and the mark that the day was computed (a day without
      // drinks has only that row). Days are local to `zone`; another zone computes its own.
      try db.execute(
        sql: """
          CREATE TABLE day_total (
            start_unix INTEGER NOT NULL,          -- the day's start, seconds since 1970 (UTC)
            zone TEXT NOT NULL,                   -- the time zone identifier
            type_id INTEGER NOT NULL,             -- 0: the day itself
            end_unix INTEGER NOT NULL,            -- the next day's start
            volume_ml REAL NOT NULL,
            caffeine_mg REAL NOT NULL,
            PRIMARY KEY (start_unix, zone, type_id)
          ) WITHOUT ROWID;
          """)
      // A local day lasts at most 26 hours, so the days holding an instant start within the
      // 7 days before it: a bounded range of the primary key, whatever the cache holds. Days
      // start on whole seconds, so the instant's whole second decides (strftime('%s') drops
      // the milliseconds).
      let dropDaysHolding = { (instant: String) in
        """
        DELETE FROM day_total
        WHERE start_unix BETWEEN CAST(strftime('%s', \(instant)) AS INTEGER) - 604800
          AND CAST(strftime('%s', \(instant)) AS INTEGER)
          AND end_unix > CAST(strftime('%s', \(instant)) AS INTEGER);
        """
      }
      for table in ["drink", "caffeine"] {
        let columns =
          table == "drink" ? "type_id, volume_ml, at_utc, caffeine_mg" : "at_utc, mg, drink_id"
        try db.execute(
          sql: """
            CREATE TRIGGER day_total_\(table)_insert AFTER INSERT ON \(table) BEGIN
              \(dropDaysHolding("NEW.at_utc"))
            END;
            CREATE TRIGGER day_total_\(table)_delete AFTER DELETE ON \(table) BEGIN
              \(dropDaysHolding("OLD.at_utc"))
            END;
            CREATE TRIGGER day_total_\(table)_update AFTER UPDATE OF \(columns) ON \(table) BEGIN
              \(dropDaysHolding("OLD.at_utc"))
              \(dropDaysHolding("NEW.at_utc"))
            END;
            """)
      }
    }
    migrator.registerMigration(entryIDsMigration) { db in
      try Self.addEntryIDs(db)
    }
    migrator.registerMigration("v6: caffeine weights of cached days") { db in
      // On a day's own row (type 0): the sum of its intakes' milligrams, each times
      // 0.5^((day's end - intake) / half-life), for the half-life it was computed with. What
      // remains of a whole day in the body at any later instant is this weight times
      // 0.5^((instant - day's end) / half-life), so `status` reads one row per ended day of
      // caffeine's lookback instead of every intake (see `caffeineSums`). The triggers that
      // delete a changed day's rows delete its weight with them.
      try db.execute(sql: "ALTER TABLE day_total ADD COLUMN caffeine_weight REAL")
      try db.execute(sql: "ALTER TABLE day_total ADD COLUMN weight_half_life_s REAL")
    }
    migrator.registerMigration("v7: API tokens and the drinks they logged") { db in
      // A token is known by the SHA-256 of its secret; the secret itself is never stored.
      // A request that logged a drink is kept under its token and Idempotency-Key, written in
      // the same transaction as the drink: a retry finds it (and its entry) instead of logging
      // again, and `POST /api/undo` finds the token's latest drink. Entries are named by uid,
      // which survives merges, rather than by their local row id.
      try db.execute(
        sql: """
          CREATE TABLE api_token (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            digest TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL,
            last_used_at TEXT
          );
          CREATE TABLE api_request (
            token_id INTEGER NOT NULL REFERENCES api_token(id) ON DELETE CASCADE,
            request_key TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            drink_uid TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (token_id, request_key)
          ) WITHOUT ROWID;
          CREATE INDEX api_request_by_time ON api_request (token_id, created_at);
          """)
    }
    migrator.registerMigration("v8: goal changes") { db in
      // A goal belongs to the days it held: one row per change, from its local day on, so that
      // raising the goal leaves earlier days' verdicts as they were. `day` is ISO 2026-11-01;
      // the goal since the beginning of history (the single goal of earlier versions) has the
      // day '0000-01-01'. `changed_at` (unix seconds) decides a merge: of two changes for one
      // day the newer wins. The kind is 'goal' (a minimum) or 'limit' (a maximum).
      try db.execute(
        sql: """
          CREATE TABLE goal_change (
            day TEXT PRIMARY KEY,
            amount_ml REAL NOT NULL CHECK (amount_ml > 0),
            kind TEXT NOT NULL DEFAULT 'goal' CHECK (kind IN ('goal', 'limit')),
            changed_at REAL NOT NULL
          );
          INSERT INTO goal_change (day, amount_ml, kind, changed_at)
            SELECT '0000-01-01', CAST(value AS REAL), 'goal', 0 FROM setting
            WHERE key = 'daily_goal_ml' AND CAST(value AS REAL) > 0;
          """)
    }
    migrator.registerMigration("v9: servings") { db in
      // Containers by name (`log tea mug`): `name_key` folded like a type's; `type_id` the drink
      // a serving usually holds, or NULL for any. `type_serving` holds a type's own default
      // (`types serving water 300ml`), what `log water` alone logs.
      try db.execute(
        sql: """
          CREATE TABLE serving (
            name_key TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            amount_ml REAL NOT NULL CHECK (amount_ml > 0),
            type_id INTEGER REFERENCES drink_type(id)
          );
          CREATE TABLE type_serving (
            type_id INTEGER PRIMARY KEY REFERENCES drink_type(id),
            amount_ml REAL NOT NULL CHECK (amount_ml > 0)
          );
          INSERT INTO serving (name_key, name, amount_ml) VALUES
            ('glass', 'glass', 250), ('mug', 'mug', 350), ('bottle', 'bottle', 500),
            ('can', 'can', 330);
          """)
    }
    migrator.registerMigration("v10: page sessions and sign-in links") { db in
      // The page's sign-ins, kept here rather than in the server's memory: a restarted server
      // (an upgrade, a drink queued offline and sent after the restart) keeps its phones signed
      // in, and `liquidus serve link` (another process) can make a link the server redeems.
      // Both are known by the SHA-256 of their secret and belong to a token: revoking it
      // deletes them. A link is spent by deleting its row.
      try db.execute(
        sql: """
          CREATE TABLE page_session (
            digest TEXT PRIMARY KEY,
            token_id INTEGER NOT NULL REFERENCES api_token(id) ON DELETE CASCADE,
            csrf TEXT NOT NULL,
            expires_at TEXT NOT NULL
          ) WITHOUT ROWID;
          CREATE TABLE signin_link (
            digest TEXT PRIMARY KEY,
            token_id INTEGER NOT NULL REFERENCES api_token(id) ON DELETE CASCADE,
            expires_at TEXT NOT NULL
          ) WITHOUT ROWID;
          """)
    }
    migrator.registerMigration("v11: workouts") { db in
      // Exercise, which raises a day's goal for a person who asks (`goal --per-workout`). A
      // workout belongs to the local day it began on. `uid` is its id on every device: derived
      // from the import key for an imported one (so a re-import or a merge adds it once),
      // random for a typed one. `at_utc` is written as `drink.at_utc` is. A deleted workout
      // leaves its uid in `workout_tombstone`, so that a merge does not bring it back.
      // A goal's allowance (`workout_ml` per `workout_minutes`) is part of the goal change,
      // so that turning it on today leaves the verdicts of earlier days as they were.
      try db.execute(
        sql: """
          CREATE TABLE workout (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            at_utc TEXT NOT NULL,
            minutes REAL NOT NULL CHECK (minutes > 0 AND minutes <= 1440),
            activity TEXT NOT NULL,
            source TEXT NOT NULL CHECK (source IN ('typed', 'imported', 'merged')),
            source_name TEXT
          );
          CREATE INDEX workout_by_time ON workout (at_utc);
          CREATE TABLE workout_tombstone (
            uid TEXT PRIMARY KEY,
            deleted_at TEXT NOT NULL
          ) WITHOUT ROWID;
          ALTER TABLE goal_change ADD COLUMN workout_ml REAL CHECK (workout_ml > 0);
          ALTER TABLE goal_change ADD COLUMN workout_minutes REAL CHECK (workout_minutes > 0);
          """)
    }
    migrator.registerMigration("v12: slimmer entry tables") { db in
      try Self.slimEntryTables(db)
    }
    migrator.registerMigration("v13: token scopes") { db in
      // What a token may do: 'read-write' (every token before this migration, and the page's),
      // or 'read-only' (`serve token add NAME --read-only`: GET requests only), so a status
      // bar's or a dashboard's token cannot delete entries.
      try db.execute(
        sql: """
          ALTER TABLE api_token ADD COLUMN scope TEXT NOT NULL DEFAULT 'read-write'
            CHECK (scope IN ('read-write', 'read-only'));
          """)
    }
    migrator.registerMigration("v14: push subscriptions") { db in
      try Self.createPushTables(db)
    }
    return migrator
  }
}
