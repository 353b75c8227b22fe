import Foundation
import GRDB
import LiquidusModel

/// What a backup file holds, as found by checking it.
public struct BackupSummary: Sendable, Equatable {
  /// Entries in the copy.
  public var entries: Int
  /// The schema migrations the copy has run.
  public var schema: [String]
}

extension DrinkStore {
  /// Writes a consistent copy of the database to `destination` with SQLite's online backup,
  /// which is safe while another process writes, and checks the copy as `restore` would. The
  /// copy is created 0600.
  /// - Returns: What the copy holds.
  /// - Throws: ``StoreError`` when the destination exists or cannot be written, and
  ///   ``StoreError/backupFailed(path:reason:)`` (the copy removed) when it fails its check.
  @discardableResult
  public func backupChecked(to destination: String) throws -> BackupSummary {
    try backup(to: destination)
    do {
      return try Self.checkBackup(at: destination)
    } catch StoreError.backupRejected(_, let reason) {
      Self.removeDatabaseFiles(at: destination)
      throw StoreError.backupFailed(path: destination, reason: reason)
    }
  }

  /// Writes a consistent copy of the database to `destination` (see ``backupChecked(to:)``).
  func backup(to destination: String) throws {
    // attributesOfItem does not follow a symbolic link: a link planted at the destination
    // (even one pointing nowhere yet) counts as something already there.
    if FileManager.default.fileExists(atPath: destination)
      || (try? FileManager.default.attributesOfItem(atPath: destination)) != nil
    {
      throw StoreError.destinationExists(path: destination)
    }
    try DatabaseFile.createIfMissing(at: destination)
    do {
      let copy = try DatabaseQueue(path: destination)
      try guarded { try writer.backup(to: copy) }
      try Self.useRollbackJournal(copy)
      try copy.close()
    } catch {
      try? FileManager.default.removeItem(atPath: destination)
      throw error
    }
  }

  /// Checks a backup without changing it: SQLite's integrity check, and a schema this Liquidus
  /// knows.
  /// - Throws: ``StoreError/backupRejected(path:reason:)`` saying what is wrong with it.
  public static func checkBackup(at path: String) throws -> BackupSummary {
    guard FileManager.default.fileExists(atPath: path) else {
      throw StoreError.backupMissing(path: path)
    }
    var config = Configuration()
    config.readonly = true
    do {
      let copy = try DatabaseQueue(path: path, configuration: config)
      defer { try? copy.close() }
      return try copy.read { db in
        let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        guard integrity == ["ok"] else {
          throw StoreError.backupRejected(
            path: path, reason: "it failed SQLite's integrity check (\(integrity.prefix(3)))")
        }
        if let reason = try notOurs(db) {
          throw StoreError.backupRejected(path: path, reason: reason)
        }
        let entries = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM drink") ?? 0
        return BackupSummary(
          entries: entries,
          schema: migrator.migrations.filter(try migrator.appliedIdentifiers(db).contains))
      }
    } catch let error as DatabaseError {
      throw StoreError.backupRejected(path: path, reason: error.message ?? "\(error.resultCode)")
    }
  }

  /// Replaces the database's contents with a checked backup, keeping the current contents in a
  /// copy beside the database first.
  ///
  /// The safety copy and the swap happen under one write lock: a `log` that another process
  /// finishes before the restore is in the safety copy, and one that comes during it waits and
  /// lands in the restored database. No acknowledged entry is lost either way.
  ///
  /// - Parameter now: stamps the name of the kept copy.
  /// - Returns: where the previous contents were kept, and what the restored copy holds.
  public func restore(from source: String, now: Date) throws -> (kept: String, BackupSummary) {
    let summary = try Self.checkBackup(at: source)
    guard let path else { throw StoreError.unusable(path: ":memory:", reason: "nothing to keep") }
    // The backup at the current schema, in a scratch file beside the database: an older backup
    // is brought up to date first, so its tables line up column for column with ours.
    let staged =
      "\((path as NSString).deletingLastPathComponent)/.restore-\(UUID().uuidString).sqlite"
    defer { Self.removeDatabaseFiles(at: staged) }
    try DatabaseFile.createIfMissing(at: staged)
    let staging = try DatabaseQueue(path: staged)
    var readOnly = Configuration()
    readOnly.readonly = true
    let original = try DatabaseQueue(path: source, configuration: readOnly)
    try original.backup(to: staging)
    try original.close()
    try Self.migrator.migrate(staging)
    try staging.close()

    // A damaged database is still replaced (that is what restore is for); its safety copy is
    // kept as it is, so nothing of it is lost either.
    let kept = try nameForCopy(named: "before-restore", now: now, inBackupsFolder: false)
    try guarded {
      try writer.writeWithoutTransaction { db in
        try db.execute(sql: "ATTACH DATABASE ? AS restored", arguments: [staged])
        defer { try? db.execute(sql: "DETACH DATABASE restored") }
        try db.inTransaction(.immediate) {
          try copyOut(to: kept)
          try Self.keepingDeletions(at: now, db) {
            try Self.replaceContents(db, from: "restored")
          }
          return .commit
        }
      }
    }
    return (kept, summary)
  }

  /// Copies the database as last committed into a new file at `destination`, through a
  /// connection of its own: SQLite's backup cannot read through a connection that holds the
  /// write lock, but in WAL mode another connection reads while it is held, and since the lock
  /// is ours, what it reads is final.
  private func copyOut(to destination: String) throws {
    guard let path else { return }
    try DatabaseFile.createIfMissing(at: destination)
    do {
      var readOnly = Configuration()
      readOnly.readonly = true
      let source = try DatabaseQueue(path: path, configuration: readOnly)
      let copy = try DatabaseQueue(path: destination)
      try source.backup(to: copy)
      try Self.useRollbackJournal(copy)
      try copy.close()
      try source.close()
    } catch {
      Self.removeDatabaseFiles(at: destination)
      throw error
    }
  }

  /// Replaces every Liquidus table of `main` with the rows of the same table in `schema`.
  private static func replaceContents(_ db: Database, from schema: String) throws {
    let tables = try String.fetchAll(
      db,
      sql: "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    // Tables that refer to others are emptied first and filled last, so no row ever points at
    // a missing one (SQLite's deferred-key counting does not forgive a parent deleted and
    // inserted again under its children).
    var referring: Set<String> = []
    for table in tables
    where try !Row.fetchAll(
      db, sql: "PRAGMA main.foreign_key_list(\(table.quotedDatabaseIdentifier))"
    ).isEmpty {
      referring.insert(table)
    }
    let parentsFirst = tables.filter { !referring.contains($0) } + tables.filter(referring.contains)
    for table in parentsFirst.reversed() {
      try db.execute(sql: "DELETE FROM main.\(table.quotedDatabaseIdentifier)")
    }
    for table in parentsFirst {
      let quoted = table.quotedDatabaseIdentifier
      try db.execute(sql: "INSERT INTO main.\(quoted) SELECT * FROM \(schema).\(quoted)")
    }
    // AUTOINCREMENT's counters, so new ids continue after the restored ones.
    if try db.tableExists("sqlite_sequence") {
      try db.execute(sql: "DELETE FROM main.sqlite_sequence")
      let counters = try Int.fetchOne(
        db,
        sql: "SELECT COUNT(*) FROM \(schema).sqlite_master WHERE name = 'sqlite_sequence'")
      if counters == 1 {
        try db.execute(
          sql: "INSERT INTO main.sqlite_sequence SELECT * FROM \(schema).sqlite_sequence")
      }
    }
  }

  /// A copy takes the WAL mode of the database it was copied from, and a WAL file opened
  /// read-only (as `restore` checks it) leaves `-wal` and `-shm` files beside it. A copy is a
  /// single file at rest, so it goes back to the rollback journal.
  private static func useRollbackJournal(_ copy: DatabaseQueue) throws {
    try copy.writeWithoutTransaction { db in
      _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
    }
  }

  /// Removes a database file and the `-wal`, `-shm` and `-journal` files SQLite may leave.
  static func removeDatabaseFiles(at path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }

  /// Takes an automatic backup before a destructive command, keeping the newest five.
  /// - Parameter reason: a word for the file name, e.g. `purge`.
  /// - Returns: the backup's path, or nil for an in-memory database.
  public func automaticBackup(reason: String, now: Date) throws -> String? {
    guard path != nil else { return nil }
    let copy = try keepCopy(named: reason, now: now, inBackupsFolder: true)
    try pruneAutomaticBackups(keeping: 5)
    return copy
  }

  /// The folder automatic backups go to: `backups/` beside the database.
  public var backupsFolder: String? {
    path.map { ($0 as NSString).deletingLastPathComponent + "/backups" }
  }

  private func keepCopy(named reason: String, now: Date, inBackupsFolder: Bool) throws -> String {
    let destination = try nameForCopy(named: reason, now: now, inBackupsFolder: inBackupsFolder)
    // Written under another name and renamed whole: a process killed while copying leaves a
    // `.partial` file, never a copy that looks whole and is not.
    let partial = destination + ".partial"
    Self.removeDatabaseFiles(at: partial)
    try backup(to: partial)
    do {
      try FileManager.default.moveItem(atPath: partial, toPath: destination)
    } catch {
      Self.removeDatabaseFiles(at: partial)
      throw StoreError.backupFailed(path: destination, reason: error.localizedDescription)
    }
    return destination
  }

  /// A free name for a copy: `<name>-<UTC stamp>-<reason>.sqlite`, beside the database or in its
  /// backups folder; a copy in the same second gets `-2`, `-3`, ... after the highest number
  /// there, never a number freed by pruning, since the counter is what orders them.
  private func nameForCopy(named reason: String, now: Date, inBackupsFolder: Bool) throws -> String
  {
    guard let path else { throw StoreError.unusable(path: ":memory:", reason: "nothing to keep") }
    let stamp = ClockText.iso8601(now, timeZone: TimeZone(identifier: "UTC")!)
      .replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let folder = inBackupsFolder ? backupsFolder! : (path as NSString).deletingLastPathComponent
    let stem = "\(base)-\(stamp)-\(reason)"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let highest = names.map(Self.ageOrder).filter { $0.stem == stem }.map(\.counter).max()
    return "\(folder)/\(stem)" + (highest.map { "-\($0 + 1)" } ?? "") + ".sqlite"
  }

  /// A copy's name without its counter, and the counter (1 when there is none): names carry a
  /// UTC stamp, so ordered by this they are ordered by age, even past `-9` within one second.
  private static func ageOrder(_ name: String) -> (stem: String, counter: Int) {
    let stem = name.hasSuffix(".sqlite") ? String(name.dropLast(".sqlite".count)) : name
    guard let dash = stem.lastIndex(of: "-"),
      let counter = Int(stem[stem.index(after: dash)...]), counter > 1
    else { return (stem, 1) }
    return (String(stem[..<dash]), counter)
  }

  private func pruneAutomaticBackups(keeping count: Int) throws {
    guard let folder = backupsFolder else { return }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    // What a process killed while copying left; a minute old, so never one being written.
    for name in names where name.hasSuffix(".partial") {
      let path = "\(folder)/\(name)"
      let modified = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]
      if let modified = modified as? Date, modified < Date().addingTimeInterval(-60) {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
    let backups = names.filter { $0.hasSuffix(".sqlite") }.sorted {
      let (a, b) = (Self.ageOrder($0), Self.ageOrder($1))
      return a.stem != b.stem ? a.stem < b.stem : a.counter < b.counter
    }
    for name in backups.dropLast(count) {
      try? FileManager.default.removeItem(atPath: "\(folder)/\(name)")
    }
  }
}
