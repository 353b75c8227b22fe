import Foundation
import GRDB

/// The SQLite database that holds every drink, drink type and setting.
///
/// Wraps one GRDB writer; the schema is brought up to date in the initialiser, so a value of this
/// type always talks to a current database. Open a file with ``open(at:)`` or a throwaway
/// database for tests with ``inMemory()``.
///
/// Its operations are grouped by what they are about, one folder each, so that a newcomer
/// looking for "how is a drink deleted" opens `Entries/`:
///
/// - `Connection/`: opening the file, the pool, lock waiting, errors, the instants' text.
/// - `Entries/`: logging, editing, deleting, undoing, listing and streaming drinks, entry ids.
/// - `Types/`: drink types and their changes; `Settings/`: settings and reminder state.
/// - `Totals/`: sums of intervals, the day cache, streak runs and caffeine in the body.
/// - `Import/`, `Merge/`, `HealthConnect/`: bulk writes, another device, another app's file.
/// - `Maintenance/`: migrations, the write check, backup and restore.
///
/// One store serves a whole process: a command through one connection, a server answering many
/// requests at once through a `DatabasePool` (WAL: readers never wait for the writer); see
/// ``Sharing``. Every method is safe to call from several threads, and ``perform(_:)`` keeps
/// SQLite's blocking work off Swift's cooperative threads.
public struct DrinkStore: Sendable {
  let writer: any DatabaseWriter
  /// The database file, or nil in memory; error messages name it.
  public let path: String?
  /// Refuses the first write to a damaged file.
  private let writeCheck = WriteCheck()
  /// The sums of the day the last `log` wrote into (see ``RunningDay``).
  let runningDay = RunningDay()
  /// Why this store reads a file it could not open for writing (a full disk, a read-only
  /// folder): what a write through it reports, instead of SQLite's plain "read-only".
  private var readOnlyBecause: StoreError?
  /// The file opened, to tell when its path comes to name another (``checkStillAtItsPath()``).
  let fileIdentity: FileIdentity?

  /// Wraps `writer` and migrates it to the current schema.
  ///
  /// A file that belongs to another program, or to a newer Liquidus, is refused before anything
  /// is written. Two processes may open a new file at the same moment: the one that loses the
  /// race to create the schema sees a failure, finds the schema complete, and carries on.
  init(_ writer: any DatabaseWriter, path: String? = nil) throws {
    self.writer = writer
    self.path = path
    fileIdentity = path.flatMap(FileIdentity.init(path:))
    try guarded {
      // The fast path every short command takes: the header says this file is ours and at
      // the current schema (both stamped below), so nothing else needs checking.
      // Two statements outside a transaction: a migration between them only sends this
      // process down the slow path below, which checks again.
      if path != nil, try writer.unsafeRead(Self.headerIsCurrent) { return }
      try keepCopyBeforeUpgrade()
      try Self.prepareRetrying(writer, path: path)
    }
  }

  /// A private in-memory database, for tests and dry runs.
  public static func inMemory() throws -> DrinkStore {
    try DrinkStore(DatabaseQueue(configuration: configuration()))
  }

  /// How many callers share a store at once.
  public enum Sharing: Sendable {
    /// One caller, one statement at a time: a command. One connection, opened with the store.
    case oneCaller
    /// Many callers at once: a server. A `DatabasePool`: one writer connection and readers
    /// beside it, which in WAL mode never wait for the writer or for each other.
    case manyCallers
  }

  /// What a commit survives before it returns (SECURITY.md, "How durable a commit is").
  public enum Durability: Sendable {
    /// A crash of the process: WAL with `synchronous = NORMAL`, where a commit does not wait
    /// for the disk. The last commits before a power cut may be lost, never half-written.
    case processCrash
    /// A power cut too: `synchronous = FULL`, an `fsync` of the WAL a commit
    /// (`liquidus serve --sync-every-commit`).
    case powerCut
  }

  /// A store on the file at `path`, through one connection or a pool (see ``Sharing``).
  ///
  /// The file is checked and prepared through one plain connection first, for both: GRDB's
  /// pool switches its file to WAL as it opens and writes an empty transaction to create the
  /// WAL file, which must never happen to a foreign, newer or damaged file. For the same
  /// reason a command does not use a pool: that write would make every `status` a writer,
  /// waiting for any other process's lock and costing a commit.
  private static func connect(_ path: String, sharing: Sharing, durability: Durability) throws
    -> DrinkStore
  {
    let config = configuration(durability: durability)
    let store = try DrinkStore(DatabaseQueue(path: path, configuration: config), path: path)
    guard sharing == .manyCallers else { return store }
    try store.checkBeforeWriting(thorough: false)
    let pool = try DatabasePool(path: path, configuration: config)
    // GRDB sets its writer to NORMAL as it switches the file to WAL, after the configuration's
    // own preparation: the writer, the one connection that commits, is set again here.
    if durability == .powerCut {
      try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
    }
    return try DrinkStore(pool, path: path)
  }

  /// A read-only store on one connection through `uri` (SQLite's URI form); its writes fail
  /// as `failure` says.
  private static func connectReadOnly(_ path: String, uri: String, failure: StoreError) throws
    -> DrinkStore
  {
    var config = configuration()
    config.readonly = true
    var store = try DrinkStore(DatabaseQueue(path: uri, configuration: config), path: path)
    store.readOnlyBecause = failure
    return store
  }

  /// Opens (creating if needed) the database file at `path`.
  ///
  /// A new file is created readable and writable by its owner only (0600); SQLite gives its
  /// `-wal` and `-shm` companions the same mode.
  /// - Throws: ``StoreError`` when the file cannot be created, is not a Liquidus database, is
  ///   damaged, read-only or on a full disk. The file is never changed in those cases.
  public static func open(
    at path: String, sharing: Sharing = .oneCaller, durability: Durability = .processCrash
  ) throws -> DrinkStore {
    try DatabaseFile.createIfMissing(at: path)
    do {
      return try connect(path, sharing: sharing, durability: durability)
    } catch let error as DatabaseError {
      let failure =
        StoreError.from(error, path: path)
        ?? StoreError.unusable(path: path, reason: error.message ?? "\(error)")
      if Self.mayStillBeRead.contains(error.resultCode),
        let reader = try? openReadOnly(at: path, failure: failure)
      {
        return reader
      }
      throw failure
    }
  }

  /// Failures to open that leave the file itself readable: a folder or file that may not be
  /// written, and a full disk (which surfaces as a plain I/O error when the `-shm` file cannot
  /// grow). Reads go on; a write says what the failure was.
  private static let mayStillBeRead: [ResultCode] = [.SQLITE_READONLY, .SQLITE_FULL, .SQLITE_IOERR]

  /// The database in a folder Liquidus may not write to, or on a full disk, for reading.
  ///
  /// SQLite needs to create a `-shm` file beside a WAL database even to read it. When the folder
  /// forbids that (or the disk has no room for it) and no `-wal` file holds commits yet to be
  /// checkpointed, the file itself is the whole database, and SQLite can read it as immutable,
  /// without the `-shm`. Writes through it fail with `failure`, the reason it was not opened
  /// for writing.
  private static func openReadOnly(at path: String, failure: StoreError) throws -> DrinkStore? {
    let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    guard wal == 0 else { return nil }
    let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    return try connectReadOnly(path, uri: "file:\(encoded)?immutable=1", failure: failure)
  }

  /// The busy handler makes a second writer wait for the first instead of failing, and WAL
  /// (switched on in the initialiser) lets readers and one writer work at once. GRDB writes in
  /// immediate transactions, which take the write lock up front, so two writers never deadlock
  /// upgrading a read lock. In WAL mode, `synchronous = NORMAL` keeps every commit atomic and
  /// the file consistent after a crash; only the last commits before a power cut may be lost,
  /// unless the store is opened for ``Durability/powerCut``.
  static func configuration(durability: Durability = .processCrash) -> Configuration {
    var config = Configuration()
    // Poll every millisecond for up to 15 s rather than SQLite's default back-off (which sleeps
    // up to 100 ms at a time): a `log` waiting on an import then gets in at the first gap
    // between two import batches instead of sleeping through several of them. Only another
    // process can hold the lock this waits for: in this process, the pool queues its writes.
    config.busyMode = .callback { tries in
      guard LockWaiting.waits else { return false }
      usleep(1_000)
      return tries < 15_000
    }
    config.foreignKeysEnabled = true
    config.label = "liquidus"
    config.prepareDatabase { db in
      try db.execute(
        sql: "PRAGMA synchronous = \(durability == .powerCut ? "FULL" : "NORMAL")")
    }
    return config
  }

  /// Reads inside one consistent snapshot.
  func read<T>(_ body: (Database) throws -> T) throws -> T {
    if let shared = SharedTransaction.connection(of: writer) {
      return try guarded { try body(shared) }
    }
    return try guarded { try writer.read(body) }
  }

  /// Reads with a single statement, which SQLite keeps consistent on its own: no transaction,
  /// and none of the read-only switching GRDB wraps around ``read(_:)`` (two more statements),
  /// which was a tenth of the reading a short command such as `log` does.
  func readOneStatement<T>(_ body: (Database) throws -> T) throws -> T {
    if let shared = SharedTransaction.connection(of: writer) {
      return try guarded { try body(shared) }
    }
    return try guarded { try writer.unsafeRead(body) }
  }

  /// Writes inside one immediate transaction: all of `body` lands, or none of it.
  ///
  /// The first write of a process checks the file first (see ``WriteCheck``); `thorough` asks
  /// for the check however large the file is.
  func write<T>(thorough: Bool = false, _ body: (Database) throws -> T) throws -> T {
    if let shared = SharedTransaction.connection(of: writer) {
      return try guarded { try Self.inSavepoint(shared, body) }
    }
    try checkBeforeWriting(thorough: thorough)
    return try guarded { try writer.write(body) }
  }

  /// `body` in a savepoint of the shared transaction: its writes roll back alone when it throws.
  private static func inSavepoint<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
    var result: T?
    try db.inSavepoint {
      result = try body(db)
      return .commit
    }
    return result!
  }

  /// Writes inside one immediate transaction that gives up at once, with
  /// ``StoreError/locked(path:)``-style failures, when another process holds the write lock.
  ///
  /// For writes that are only a convenience (filling the day cache): see ``LockWaiting``.
  func writeWithoutWaiting<T>(_ body: (Database) throws -> T) throws -> T {
    // Inside a shared transaction the write lock is held already: nothing to wait for.
    if let shared = SharedTransaction.connection(of: writer) {
      return try guarded { try Self.inSavepoint(shared, body) }
    }
    try checkBeforeWriting(thorough: false)
    return try guarded {
      try writer.writeWithoutTransaction { db in
        try LockWaiting.withoutWaiting {
          var result: T?
          try db.inTransaction(.immediate) {
            result = try body(db)
            return .commit
          }
          return result!
        }
      }
    }
  }

  /// Refuses to write to a file SQLite finds damaged; see ``WriteCheck``.
  func checkBeforeWriting(thorough: Bool) throws {
    guard let path else { return }
    try guarded { try writeCheck.verify(writer, path: path, thorough: thorough) }
  }

  /// Runs `body`, turning SQLite failures about the file into ``StoreError``s people can act on.
  func guarded<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as DatabaseError {
      guard let path, let failure = StoreError.from(error, path: path) else { throw error }
      if case .readOnly = failure, let readOnlyBecause { throw readOnlyBecause }
      throw failure
    }
  }
}
