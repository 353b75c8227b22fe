import Foundation
import GRDB

/// Which files are Liquidus's, and bringing one to this version's schema: the identity check,
/// the copy before an upgrade, the migrations (retried while another process creates the same
/// new file), the header stamp that lets every later open skip all of it, and the space an
/// upgrade frees.
extension DrinkStore {
  /// A file of an older Liquidus is copied into `backups/` (``automaticBackup(reason:now:)``)
  /// before its schema moves forward, so that a person can go back to the release they had.
  ///
  /// The upgrade itself is one transaction per migration and safe without the copy (a killed
  /// process leaves the file as it was before the migration in flight), so a copy that cannot
  /// be made (a read-only folder, a full disk) does not keep the file from opening.
  ///
  /// A file this process may not write is never upgraded, so it gets no copy: every command
  /// would otherwise leave another one.
  func keepCopyBeforeUpgrade() throws {
    guard let path, FileManager.default.isWritableFile(atPath: path),
      try writer.read({ db in try Self.isOursAndBehind(db, migrator: Self.migrator) })
    else { return }
    _ = try? automaticBackup(reason: "before-upgrade", now: Date())
  }

  /// Whether `db` is a Liquidus file that has run some migrations, none unknown here, and not
  /// all of ours: one an older release made.
  private static func isOursAndBehind(_ db: Database, migrator: DatabaseMigrator) throws -> Bool {
    guard try db.tableExists("grdb_migrations") else { return false }
    let applied = try migrator.appliedIdentifiers(db)
    return !applied.isEmpty && applied.isSubset(of: Set(migrator.migrations))
      && applied.count < migrator.migrations.count
  }

  /// Prepares a file (identity, WAL, migrations, header) through `writer`.
  ///
  /// A new file opened by several processes at once: switching it to WAL takes a lock SQLite
  /// may refuse at once (SQLITE_BUSY), and two processes may run the same migration, the second
  /// failing on what the first created ("duplicate column"). Every step is idempotent, so the
  /// whole sequence is tried again a moment later; errors that no retry can mend (a read-only,
  /// damaged, full or foreign file) are not retried.
  static func prepareRetrying(_ writer: any DatabaseWriter, path: String?) throws {
    for attempt in 1...Self.firstOpenAttempts {
      do {
        try Self.prepare(writer, path: path)
        return
      } catch let error as DatabaseError
        where attempt < Self.firstOpenAttempts && !Self.final.contains(error.resultCode)
      {
        usleep(UInt32(2_000 * attempt))
      }
    }
  }

  /// How often a new file's first open is tried (about 1.6 s in all).
  static let firstOpenAttempts = 40

  /// Failures that trying again cannot mend.
  private static let final: [ResultCode] = [
    .SQLITE_READONLY, .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FULL, .SQLITE_IOERR,
    .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH,
  ]

  /// Checks that the file is ours, switches it to WAL, migrates it and stamps its header.
  private static func prepare(_ writer: any DatabaseWriter, path: String?) throws {
    let migrator = Self.migrator
    try writer.read { db in try Self.checkIdentity(db, migrator: migrator, path: path) }
    // Only once the file is known to be ours: switching to WAL rewrites its header.
    if path != nil,
      try writer.read({ try String.fetchOne($0, sql: "PRAGMA journal_mode") }) != "wal"
    {
      try writer.writeWithoutTransaction { db in
        _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
      }
    }
    var migrated = false
    for attempt in 1...3 {
      do {
        if try !writer.read(migrator.hasCompletedMigrations) {
          try migrator.migrate(writer)
          migrated = true
        }
        break
      } catch let error as DatabaseError where attempt < 3 && error.resultCode != .SQLITE_READONLY {
        if try writer.read(migrator.hasCompletedMigrations) { break }
      }
    }
    if path != nil { try writer.writeWithoutTransaction(Self.stampHeader) }
    // Only a convenience: a file too full for VACUUM's copy is still upgraded and usable.
    if migrated, path != nil { try? writer.writeWithoutTransaction(Self.returnFreedPages) }
  }

  /// Gives back the pages a migration freed, when they are a large part of the file: v12
  /// rewrites the entry tables, and a 400 MB file of 1.2M entries kept 370 MB of free pages
  /// after it (VACUUM: 560 MB -> 190 MB in about a second). VACUUM is a transaction of its own:
  /// a crash during it leaves the upgraded file as it was.
  private static func returnFreedPages(_ db: Database) throws {
    let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
    let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
    guard free > 1_000, free * 4 > pages else { return }
    try db.execute(sql: "VACUUM")
  }

  /// `PRAGMA application_id` marks a Liquidus file ("Lqds"); `user_version` counts the
  /// migrations it has run. Both live in the file header, so reading them costs no query plan.
  static let applicationID: Int32 = 0x4C71_6473

  static func headerIsCurrent(_ db: Database) throws -> Bool {
    let id = try Int32.fetchOne(db, sql: "PRAGMA application_id")
    let version = try Int.fetchOne(db, sql: "PRAGMA user_version")
    return id == applicationID && version == migrator.migrations.count
  }

  private static func stampHeader(_ db: Database) throws {
    // Constants, not user input: PRAGMA takes no bound parameters.
    try db.execute(sql: "PRAGMA application_id = \(applicationID)")
    try db.execute(sql: "PRAGMA user_version = \(migrator.migrations.count)")
  }

  /// Why another file (a backup, a merge source) cannot be read as a Liquidus database of
  /// this version, as the reason its caller's error gives; nil when it can.
  static func notOurs(_ db: Database) throws -> String? {
    guard try db.tableExists("grdb_migrations"), try db.tableExists("drink") else {
      return "it is not a Liquidus database"
    }
    let unknown = try unknownMigrations(db)
    guard unknown.isEmpty else {
      return "it was written by a newer Liquidus (schema \(unknown.joined(separator: ", ")))"
    }
    return nil
  }

  /// The migrations `db` has run that this Liquidus does not know, sorted: a newer Liquidus
  /// wrote it. Checked before opening, restoring or merging a file.
  static func unknownMigrations(_ db: Database) throws -> [String] {
    try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
  }

  /// Refuses a database that holds tables but no Liquidus schema, or a schema from the future.
  private static func checkIdentity(_ db: Database, migrator: DatabaseMigrator, path: String?)
    throws
  {
    let tables = try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    guard !tables.isEmpty, let path else { return }
    guard tables.contains("grdb_migrations") else {
      throw StoreError.notLiquidus(path: path, tables: tables)
    }
    let unknown = try unknownMigrations(db)
    if !unknown.isEmpty {
      throw StoreError.newerSchema(path: path, unknownMigrations: unknown)
    }
    // The header's schema version is stamped by every Liquidus; one above ours means a newer
    // Liquidus wrote it, even when its migrations table looks like ours (a hand-edited file, or
    // a future version that changed the schema without a new migration record). Writing would
    // stamp the older version over it.
    let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    if version > migrator.migrations.count {
      throw StoreError.newerSchema(
        path: path,
        unknownMigrations: [
          "version \(version); this Liquidus knows up to "
            + "\(migrator.migrations.count)"
        ])
    }
  }
}
