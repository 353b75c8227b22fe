import Foundation
import GRDB

/// The SQLite database that holds every drink, drink type and setting.
///
/// Wraps one GRDB writer; the schema is brought up to date in the initialiser, so a value of this
/// type always talks to a current database. Open a file with ``open(at:)`` or a throwaway
/// database for tests with ``inMemory()``.
public struct DrinkStore: Sendable {
  let writer: any DatabaseWriter

  /// Wraps `writer` and migrates it to the current schema.
  ///
  /// Two processes may open a new file at the same moment: the one that loses the race to create
  /// the schema sees a failure, finds the schema complete, and carries on.
  init(_ writer: any DatabaseWriter) throws {
    self.writer = writer
    let migrator = Self.migrator
    for attempt in 1...3 {
      do {
        if try writer.read(migrator.hasCompletedMigrations) { return }
        try migrator.migrate(writer)
        return
      } catch let error as DatabaseError where attempt < 3 {
        if try writer.read(migrator.hasCompletedMigrations) { return }
        _ = error
      }
    }
  }

  /// A private in-memory database, for tests and dry runs.
  public static func inMemory() throws -> DrinkStore {
    try DrinkStore(DatabaseQueue(configuration: configuration()))
  }

  /// Opens (creating if needed) the database file at `path`.
  ///
  /// A new file is created readable and writable by its owner only (0600); SQLite gives its
  /// `-wal` and `-shm` companions the same mode.
  /// - Throws: ``StoreError`` when the file cannot be created or is not a Liquidus database.
  public static func open(at path: String) throws -> DrinkStore {
    try DatabaseFile.createIfMissing(at: path)
    do {
      return try DrinkStore(DatabaseQueue(path: path, configuration: configuration()))
    } catch let error as DatabaseError {
      throw StoreError.unusable(path: path, reason: error.message ?? "\(error)")
    }
  }

  /// WAL lets readers and one writer work at once; the busy timeout makes a second writer wait
  /// for the first instead of failing. (GRDB writes in immediate transactions, which take the
  /// write lock up front, so two writers never deadlock upgrading a read lock.)
  static func configuration() -> Configuration {
    var config = Configuration()
    config.busyMode = .timeout(15)
    config.foreignKeysEnabled = true
    config.label = "liquidus"
    config.prepareDatabase { db in
      if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal", !db.configuration.readonly {
        _ = try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
      }
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
    }
    return config
  }

  /// Reads inside one consistent snapshot.
  func read<T>(_ body: (Database) throws -> T) throws -> T {
    try writer.read(body)
  }

  /// Writes inside one immediate transaction: all of `body` lands, or none of it.
  func write<T>(_ body: (Database) throws -> T) throws -> T {
    try writer.write(body)
  }
}
