import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// Reads another Liquidus database for a merge, without changing it.
  ///
  /// The file is opened read-only through SQLite and read in one transaction, so a database
  /// that its own Liquidus is writing at the same moment (in WAL mode) gives a consistent
  /// snapshot: the commits before the read began, none after, no half of one. The file is never
  /// copied by hand, which could pair a database with a `-wal` file of another moment. What it
  /// reads is bounded: tables only (a view may compute rows without end), at most
  /// ``MergeSourceRows/mostRows`` rows each; ``merge(_:now:dryRun:)`` checks every value.
  ///
  /// - Throws: ``StoreError/mergeSourceMissing(path:)`` for a missing file,
  ///   ``StoreError/mergeSourceRejected(path:reason:)`` for one that is not a Liquidus database,
  ///   from a newer Liquidus, or holding views or triggers Liquidus never makes, and
  ///   ``StoreError/mergeSourceOutdated(path:)`` for one from before entry ids.
  public static func mergeSnapshot(ofDatabaseAt path: String) throws -> MergeSnapshot {
    guard FileManager.default.fileExists(atPath: path) else {
      throw StoreError.mergeSourceMissing(path: path)
    }
    do {
      do {
        return try readMergeSource(at: path, as: path)
      } catch let error as DatabaseError
        where [.SQLITE_CANTOPEN, .SQLITE_READONLY].contains(error.resultCode)
      {
        // A WAL database in a folder this user may not write: SQLite cannot make the `-shm`
        // file it reads through. With no `-wal` holding commits, the file alone is the whole
        // database and can be read as immutable.
        let wal = try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        guard (wal ?? 0) == 0 else { throw error }
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return try readMergeSource(at: "file:\(encoded)?immutable=1", as: path)
      }
    } catch let error as DatabaseError {
      let reason =
        error.resultCode == .SQLITE_NOTADB
        ? "it is not a SQLite database" : (error.message ?? "\(error.resultCode)")
      throw StoreError.mergeSourceRejected(path: path, reason: reason)
    }
  }

  /// This database as the other side of a merge: what another database would read of it.
  public func mergeSnapshot() throws -> MergeSnapshot {
    try read { db in try Self.snapshot(db, path: path ?? ":memory:", bounded: false) }
  }

  /// - Parameter bounded: whether `db` is another file, whose reading is bounded.
  private static func snapshot(_ db: Database, path: String, bounded: Bool) throws
    -> MergeSnapshot
  {
    let bound = bounded ? path : nil
    var snapshot = MergeSnapshot(
      path: path, types: try mergeTypes(db, bounded: bound),
      entries: try mergeEntries(db, bounded: bound),
      tombstones: try mergeTombstones(db, bounded: bound),
      caffeineRecords: try mergeCaffeineRecords(db, bounded: bound),
      // A file from before goal changes (v7) has only its one goal, which a merge leaves.
      goalChanges: try db.tableExists("goal_change") ? mergeGoalChanges(db, bounded: bound) : [])
    // A file from before workouts (v11) has none.
    if try db.tableExists("workout") {
      snapshot.workouts = try mergeWorkouts(db, bounded: bound)
      snapshot.workoutTombstones = try mergeTombstones(
        db, table: "workout_tombstone", bounded: bound)
    }
    return snapshot
  }

  /// Reads the database at `location` (a path or a URI) in one read-only transaction.
  private static func readMergeSource(at location: String, as path: String) throws
    -> MergeSnapshot
  {
    var config = configuration()
    config.readonly = true
    config.label = "liquidus-merge-source"
    let queue = try DatabaseQueue(path: location, configuration: config)
    defer { try? queue.close() }
    return try queue.read { db in
      try checkMergeSource(db, path: path)
      return try snapshot(db, path: path, bounded: true)
    }
  }

  /// Refuses a file that is not a Liquidus database at this schema, or that holds what
  /// Liquidus never makes: a view (a table replaced by one can compute rows without end), a
  /// virtual table, or a trigger other than its own.
  private static func checkMergeSource(_ db: Database, path: String) throws {
    // First, before any table is read: a view in place of one could compute rows without end.
    let foreign = try Row.fetchAll(
      db,
      sql: """
        SELECT type, name FROM sqlite_master
        WHERE type = 'view' OR (type = 'trigger' AND name NOT IN (\(
          ourTriggers.map { "'\($0)'" }.joined(separator: ", "))))
          OR (type = 'table' AND sql LIKE 'CREATE VIRTUAL%')
        ORDER BY type, name LIMIT 1
        """)
    if let object = foreign.first {
      let kind: String = object[0]
      let name = MergeSourceRows.text(object[1])
      throw StoreError.mergeSourceRejected(
        path: path, reason: "it holds a \(kind) Liquidus did not make (\(name))")
    }
    if let reason = try notOurs(db) {
      throw StoreError.mergeSourceRejected(path: path, reason: reason)
    }
    // Entry ids are what a merge needs; a file at a later migration of this Liquidus merges too.
    guard try migrator.appliedIdentifiers(db).contains(entryIDsMigration) else {
      throw StoreError.mergeSourceOutdated(path: path)
    }
  }

  /// The triggers Liquidus's migrations make: those that keep the day cache true.
  static let ourTriggers = ["drink", "caffeine"].flatMap { table in
    ["insert", "delete", "update"].map { "day_total_\(table)_\($0)" }
  }

  private static func mergeTypes(_ db: Database, bounded path: String?) throws
    -> [MergeSnapshot.TypeInfo]
  {
    var types: [MergeSnapshot.TypeInfo] = []
    try MergeSourceRows.forEach(
      db,
      sql: """
        SELECT name, color, caffeine_mg_per_100ml, hydration_factor, is_enabled, is_archived
        FROM drink_type ORDER BY position, id
        """, table: "drink_type", bounded: path
    ) { row in
      types.append(
        MergeSnapshot.TypeInfo(
          name: MergeSourceRows.text(row[0]),
          color: HexColor(MergeSourceRows.text(row[1])),
          caffeinePer100mL: MergeSourceRows.number(row[2]),
          hydrationFactor: MergeSourceRows.number(row[3]),
          isEnabled: MergeSourceRows.number(row[4]) != 0,
          isArchived: MergeSourceRows.number(row[5]) != 0))
    }
    return types
  }

  /// Every entry of `db`, with its type's name; an entry written by hand without an id gets
  /// the one its own database would give it (see ``assignMissingIDs(_:)``).
  /// - Parameter path: the other file's, to bound what is read; nil for this database.
  static func mergeEntries(_ db: Database, bounded path: String? = nil) throws -> [EntryVersion] {
    var entries: [EntryVersion] = []
    let (instant, modified) = try isSlim(db) ? ("at_ms", "modified_ms") : ("at_utc", "modified_at")
    try MergeSourceRows.forEach(
      db,
      sql: """
        SELECT d.id, d.uid, t.name, t.name_key, d.volume_ml, d.\(instant), d.note, d.source,
          d.source_name, d.caffeine_mg, d.import_key, d.\(modified)
        FROM drink d JOIN drink_type t ON t.id = d.type_id
        """, table: "drink", bounded: path
    ) { row in
      let importKey = MergeSourceRows.optionalText(row[10])
      let utc = MergeSourceRows.instantText(row[5])
      let modified = MergeSourceRows.instantText(row[11])
      let milliliters = MergeSourceRows.number(row[4])
      let note = MergeSourceRows.optionalText(row[6])
      let id =
        ((row[1] as DatabaseValue).isNull ? nil : MergeSourceRows.uidText(row[1]))
        ?? EntryUID.forStoredEntry(
          importKey: importKey, rowID: Int64.fromDatabaseValue(row[0]) ?? 0,
          typeKey: MergeSourceRows.text(row[3]), milliliters: milliliters, utc: utc, note: note)
      let caffeine = row[9] as DatabaseValue
      entries.append(
        EntryVersion(
          uid: id, typeName: MergeSourceRows.text(row[2]), milliliters: milliliters, utc: utc,
          note: note,
          source: DrinkSource(rawValue: MergeSourceRows.text(row[7])) ?? .imported,
          sourceName: MergeSourceRows.optionalText(row[8]),
          caffeine: caffeine.isNull ? 0 : MergeSourceRows.number(caffeine),
          importKey: importKey, modifiedAt: modified.isEmpty ? utc : modified))
    }
    return entries
  }

  /// The deletions a tombstone table (`drink_tombstone`, `workout_tombstone`) holds.
  static func mergeTombstones(
    _ db: Database, table: String = "drink_tombstone", bounded path: String?
  ) throws -> [Tombstone] {
    var tombstones: [Tombstone] = []
    let deleted = try table == "drink_tombstone" && isSlim(db) ? "deleted_ms" : "deleted_at"
    // `table` is one of the two names above, never input.
    try MergeSourceRows.forEach(
      db, sql: "SELECT uid, \(deleted) FROM \(table)", table: table, bounded: path
    ) { row in
      tombstones.append(
        Tombstone(
          uid: MergeSourceRows.uidText(row[0]), deletedAt: MergeSourceRows.instantText(row[1])))
    }
    return tombstones
  }

  /// Whether `db` has the entry tables of schema v12 on (integer instants, 16-byte ids) rather
  /// than an older file's: a merge reads either, and gets the same entries from both.
  static func isSlim(_ db: Database) throws -> Bool {
    try db.columns(in: "drink").contains { $0.name == "at_ms" }
  }

  /// The imported caffeine records (those without an import key cannot be told apart and
  /// stay where they are).
  private static func mergeCaffeineRecords(
    _ db: Database, bounded path: String?
  ) throws -> [MergeSnapshot.CaffeineRecord] {
    var records: [MergeSnapshot.CaffeineRecord] = []
    let instant = try isSlim(db) ? "at_ms" : "at_utc"
    try MergeSourceRows.forEach(
      db,
      sql: """
        SELECT c.\(instant), c.mg, c.source_name, c.import_key, d.uid
        FROM caffeine c LEFT JOIN drink d ON d.id = c.drink_id
        WHERE c.import_key IS NOT NULL
        """, table: "caffeine", bounded: path
    ) { row in
      records.append(
        MergeSnapshot.CaffeineRecord(
          utc: MergeSourceRows.instantText(row[0]), milligrams: MergeSourceRows.number(row[1]),
          sourceName: MergeSourceRows.optionalText(row[2]),
          importKey: MergeSourceRows.text(row[3]),
          drinkUID: (row[4] as DatabaseValue).isNull ? nil : MergeSourceRows.uidText(row[4])))
    }
    return records
  }

  /// The goal changes, read as ``goalChanges(_:)`` reads this database's, without trusting
  /// their kinds.
  private static func mergeGoalChanges(_ db: Database, bounded path: String?) throws
    -> [GoalChange]
  {
    var changes: [GoalChange] = []
    // A database from before workouts (v11) has no allowance: none was set there.
    let hasAllowance = try db.columns(in: "goal_change").contains { $0.name == "workout_ml" }
    let allowance = hasAllowance ? "workout_ml, workout_minutes" : "NULL, NULL"
    try MergeSourceRows.forEach(
      db,
      sql: "SELECT day, amount_ml, kind, changed_at, \(allowance) FROM goal_change ORDER BY day",
      table: "goal_change", bounded: path
    ) { row in
      let day = MergeSourceRows.text(row[0])
      let perWorkout: WorkoutAllowance? =
        (row[4] as DatabaseValue).isNull && (row[5] as DatabaseValue).isNull
        ? nil
        : WorkoutAllowance(
          amount: Volume(milliliters: MergeSourceRows.number(row[4])),
          minutes: MergeSourceRows.number(row[5]))
      changes.append(
        GoalChange(
          from: day == beginningDay ? nil : day,
          target: DailyTarget(
            amount: Volume(milliliters: MergeSourceRows.number(row[1])),
            kind: GoalKind(rawValue: MergeSourceRows.text(row[2])) ?? .goal,
            perWorkout: perWorkout),
          changedAt: Date(timeIntervalSince1970: MergeSourceRows.number(row[3]))))
    }
    return changes
  }
}
