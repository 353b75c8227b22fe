import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// Migration v12: the entry tables rewritten to hold only what their reads need, in fewer
  /// bytes, because every imported record pays for each byte and each index of its row.
  ///
  /// - Instants (`at_ms`, `modified_ms`, `deleted_ms`) are whole milliseconds since 1970 in
  ///   UTC, INTEGERs, not 23 characters of text (see `StoredInstant`).
  /// - An entry id (`uid`, `drink_uid`) is its 16 bytes, a BLOB, not 36 characters of text
  ///   (see `StoredUID`). Ids do not change: the bytes are the same id.
  /// - One covering time index serves volume and caffeine reads (it was two). `drink_by_type`
  ///   stays: the page's buttons read each type's newest entry through it, and deleting a type
  ///   checks its entries (the foreign key) through it; by type it costs an import little, as
  ///   each type's rows are appended at its end.
  /// - `uid` is an entry's only unique key. An imported entry's uid is derived from its import
  ///   key, so a re-import conflicts on it; `import_key` stays (exports and merges carry it to
  ///   devices on older versions) but is no longer indexed. Entries imported before ids were
  ///   derived from keys have other uids: their keys are listed in `drink_legacy_key`, which an
  ///   import checks only when it is not empty.
  ///
  /// One transaction, as every migration: a crash leaves the file as it was. Values an older
  /// version could not read either (a time typed in by hand as `'soon'`) are kept as they were,
  /// never dropped: as text they sort after every instant, so the commands that read a period
  /// pass over them, and those that read every entry (`list` of all, `export`) report them.
  static func slimEntryTables(_ db: Database) throws {
    // Only this migration needs them; a function of the connection it runs on.
    db.add(function: Self.uidBytesFunction)
    db.add(function: Self.importUIDFunction)
    let sequence = try Int64.fetchOne(
      db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'drink'")
    let caffeineSequence = try Int64.fetchOne(
      db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'caffeine'")
    try db.execute(
      sql: """
        CREATE TABLE drink_v12 (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          uid BLOB UNIQUE,                     -- 16 bytes; see EntryUID
          type_id INTEGER NOT NULL REFERENCES drink_type(id),
          volume_ml REAL NOT NULL CHECK (volume_ml > 0),
          caffeine_mg REAL NOT NULL DEFAULT 0 CHECK (caffeine_mg >= 0),
          at_ms INTEGER NOT NULL,              -- milliseconds since 1970, UTC
          modified_ms INTEGER,                 -- when last written; NULL: not known
          note TEXT,
          source TEXT NOT NULL DEFAULT 'typed' CHECK (source IN ('typed', 'imported')),
          source_name TEXT,
          import_key TEXT,                     -- see ImportKey; not unique, uid is
          merged_in INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO drink_v12 (id, uid, type_id, volume_ml, caffeine_mg, at_ms, modified_ms, note,
            source, source_name, import_key, merged_in)
          SELECT id, uid_bytes(uid), type_id, volume_ml, caffeine_mg, \(milliseconds("at_utc")),
            CASE modified_at WHEN '' THEN NULL ELSE \(milliseconds("modified_at")) END, note,
            source, source_name, import_key, merged_in
          FROM drink ORDER BY id;
        CREATE TABLE caffeine_v12 (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          at_ms INTEGER NOT NULL,              -- milliseconds since 1970, UTC
          mg REAL NOT NULL CHECK (mg >= 0),
          source_name TEXT,                    -- the app that wrote it, if known
          import_key TEXT UNIQUE,
          drink_id INTEGER REFERENCES drink(id) ON DELETE CASCADE
        );
        INSERT INTO caffeine_v12 (id, at_ms, mg, source_name, import_key, drink_id)
          SELECT id, \(milliseconds("at_utc")), mg, source_name, import_key, drink_id
          FROM caffeine ORDER BY id;
        CREATE TABLE drink_tombstone_v12 (
          uid BLOB PRIMARY KEY,                -- the deleted entry's drink.uid
          deleted_ms INTEGER NOT NULL          -- milliseconds since 1970, UTC
        ) WITHOUT ROWID;
        INSERT INTO drink_tombstone_v12 (uid, deleted_ms)
          SELECT uid_bytes(uid), \(milliseconds("deleted_at")) FROM drink_tombstone WHERE true
          ON CONFLICT (uid) DO UPDATE SET deleted_ms = max(deleted_ms, excluded.deleted_ms);
        CREATE TABLE api_request_v12 (
          token_id INTEGER NOT NULL REFERENCES api_token(id) ON DELETE CASCADE,
          request_key TEXT NOT NULL,
          fingerprint TEXT NOT NULL,
          drink_uid BLOB NOT NULL,
          created_at TEXT NOT NULL,
          PRIMARY KEY (token_id, request_key)
        ) WITHOUT ROWID;
        INSERT INTO api_request_v12
          SELECT token_id, request_key, fingerprint, uid_bytes(drink_uid), created_at
          FROM api_request;
        DROP TABLE api_request;
        DROP TABLE drink_tombstone;
        DROP TABLE caffeine;
        DROP TABLE drink;
        ALTER TABLE drink_v12 RENAME TO drink;
        ALTER TABLE caffeine_v12 RENAME TO caffeine;
        ALTER TABLE drink_tombstone_v12 RENAME TO drink_tombstone;
        ALTER TABLE api_request_v12 RENAME TO api_request;
        -- Covers the range scans every summary and caffeine sum makes.
        CREATE INDEX drink_by_time ON drink(at_ms, type_id, volume_ml, caffeine_mg);
        CREATE INDEX drink_by_type ON drink(type_id);
        CREATE INDEX caffeine_by_time ON caffeine(at_ms);
        CREATE INDEX caffeine_by_drink ON caffeine(drink_id) WHERE drink_id IS NOT NULL;
        CREATE INDEX api_request_by_time ON api_request (token_id, created_at);
        CREATE TABLE drink_legacy_key (
          import_key TEXT PRIMARY KEY          -- an entry's key whose uid was not derived from it
        ) WITHOUT ROWID;
        INSERT INTO drink_legacy_key
          SELECT DISTINCT import_key FROM drink
          WHERE import_key IS NOT NULL AND uid IS NOT NULL AND uid IS NOT import_uid(import_key);
        """)
    // AUTOINCREMENT's high-water marks: an id once shown (and deleted since) is never reused.
    for (table, value) in [("drink", sequence), ("caffeine", caffeineSequence)] {
      guard let value else { continue }
      try db.execute(
        sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?",
        arguments: [value, table])
      try db.execute(
        sql: """
          INSERT INTO sqlite_sequence (name, seq) SELECT ?1, ?2
          WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?1)
          """, arguments: [table, value])
    }
    try createDayTotalTriggers(db)
  }

  /// Lists `key` in `drink_legacy_key` when `uid` (an entry merged in from another database)
  /// is not the id an import derives from it, so that importing its record here again finds
  /// the entry (see `ImportWriter`).
  static func noteLegacyKey(_ key: String, of uid: String, _ db: Database) throws {
    guard EntryUID.bytes(forImportKey: Array(key.utf8)) != EntryUID.bytes(ofText: uid) else {
      return
    }
    try db.execute(
      sql: "INSERT INTO drink_legacy_key (import_key) VALUES (?) ON CONFLICT DO NOTHING",
      arguments: [key])
  }

  /// The triggers that drop the cached totals of the days a change to `drink` or `caffeine`
  /// touches, on integer instants. They restate migration v4's, which stays as it landed (a
  /// migration never changes), with `at_ms` for `strftime` of text: a local day lasts at most
  /// 26 hours, so
  /// the days holding an instant start within the 7 days before it; days start on whole
  /// seconds, so the instant's second (rounded down, before 1970 too) decides.
  static func createDayTotalTriggers(_ db: Database) throws {
    let dropDaysHolding = { (instant: String) in
      let second = "((\(instant) - (((\(instant) % 1000) + 1000) % 1000)) / 1000)"
      return """
        DELETE FROM day_total
        WHERE start_unix BETWEEN \(second) - 604800 AND \(second) AND end_unix > \(second);
        """
    }
    for table in ["drink", "caffeine"] {
      let columns =
        table == "drink" ? "type_id, volume_ml, at_ms, caffeine_mg" : "at_ms, mg, drink_id"
      try db.execute(
        sql: """
          CREATE TRIGGER day_total_\(table)_insert AFTER INSERT ON \(table) BEGIN
            \(dropDaysHolding("NEW.at_ms"))
          END;
          CREATE TRIGGER day_total_\(table)_delete AFTER DELETE ON \(table) BEGIN
            \(dropDaysHolding("OLD.at_ms"))
          END;
          CREATE TRIGGER day_total_\(table)_update AFTER UPDATE OF \(columns) ON \(table) BEGIN
            \(dropDaysHolding("OLD.at_ms"))
            \(dropDaysHolding("NEW.at_ms"))
          END;
          """)
    }
  }

  /// SQL for a v11 instant column ('YYYY-MM-DD HH:MM:SS.SSS' in UTC) as whole milliseconds,
  /// or its value unchanged when it is not such a time (kept, to be reported as damaged).
  /// julianday's double is within 0.03 ms of the instant, so rounding gives it exactly.
  private static func milliseconds(_ column: String) -> String {
    """
    CASE WHEN typeof(\(column)) = 'text' AND \(column) GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-*'
      AND julianday(\(column)) IS NOT NULL
    THEN CAST(round((julianday(\(column)) - 2440587.5) * 86400000.0) AS INTEGER)
    ELSE \(column) END
    """
  }

  /// `uid_bytes(text)`: an id's 16 bytes; anything else unchanged.
  private static let uidBytesFunction = DatabaseFunction(
    "uid_bytes", argumentCount: 1, pure: true
  ) { values in
    guard let text = String.fromDatabaseValue(values[0]) else { return values[0] }
    return StoredUID(text: text).databaseValue
  }

  /// `import_uid(key)`: the 16 bytes of the id an entry imported under `key` gets.
  private static let importUIDFunction = DatabaseFunction(
    "import_uid", argumentCount: 1, pure: true
  ) { values in
    guard let key = String.fromDatabaseValue(values[0]) else { return nil }
    return Data(EntryUID.bytes(forImportKey: Array(key.utf8)))
  }
}
