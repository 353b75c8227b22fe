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
  /// which is safe while another process writes. The copy is created 0600.
  /// - Throws: ``StoreError`` when the destination exists or cannot be written.
  public func backup(to destination: String) throws {
    if FileManager.default.fileExists(atPath: destination) {
      throw StoreError.destinationExists(path: destination)
    }
    try DatabaseFile.createIfMissing(at: destination)
    do {
      let copy = try DatabaseQueue(path: destination)
      try guarded { try writer.backup(to: copy) }
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
      throw StoreError.backupRejected(path: path, reason: "there is no such file")
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
        guard try db.tableExists("grdb_migrations"), try db.tableExists("drink") else {
          throw StoreError.backupRejected(path: path, reason: "it is not a Liquidus database")
        }
        let applied = try migrator.appliedIdentifiers(db)
        let unknown = applied.subtracting(migrator.migrations)
        guard unknown.isEmpty else {
          throw StoreError.backupRejected(
            path: path, reason: "it was written by a newer Liquidus (\(unknown.sorted()))")
        }
        let entries = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM drink") ?? 0
        return BackupSummary(
          entries: entries, schema: migrator.migrations.filter(applied.contains))
      }
    } catch let error as DatabaseError {
      throw StoreError.backupRejected(path: path, reason: error.message ?? "\(error.resultCode)")
    }
  }

  /// Replaces the database's contents with a checked backup, keeping the current contents in a
  /// copy beside the database first.
  ///
  /// - Parameter now: stamps the name of the kept copy.
  /// - Returns: where the previous contents were kept, and what the restored copy holds.
  public func restore(from source: String, now: Date) throws -> (kept: String, BackupSummary) {
    let summary = try Self.checkBackup(at: source)
    let kept = try keepCopy(named: "before-restore", now: now, inBackupsFolder: false)
    var config = Configuration()
    config.readonly = true
    let copy = try DatabaseQueue(path: source, configuration: config)
    try guarded { try copy.backup(to: writer) }
    try copy.close()
    // An older backup comes back at its own schema version: bring it up to date.
    try guarded { try Self.migrator.migrate(writer) }
    return (kept, summary)
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
    guard let path else { throw StoreError.unusable(path: ":memory:", reason: "nothing to keep") }
    let stamp = ClockText.iso8601(now, timeZone: TimeZone(identifier: "UTC")!)
      .replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
    let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let folder = inBackupsFolder ? backupsFolder! : (path as NSString).deletingLastPathComponent
    var destination = "\(folder)/\(base)-\(stamp)-\(reason).sqlite"
    var counter = 2
    while FileManager.default.fileExists(atPath: destination) {
      destination = "\(folder)/\(base)-\(stamp)-\(reason)-\(counter).sqlite"
      counter += 1
    }
    try backup(to: destination)
    return destination
  }

  private func pruneAutomaticBackups(keeping count: Int) throws {
    guard let folder = backupsFolder else { return }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    // Names carry a UTC stamp, so their order is their age.
    let backups = names.filter { $0.hasSuffix(".sqlite") }.sorted()
    for name in backups.dropLast(count) {
      try? FileManager.default.removeItem(atPath: "\(folder)/\(name)")
    }
  }
}
