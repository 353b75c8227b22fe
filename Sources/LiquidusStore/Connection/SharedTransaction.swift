import Foundation
import GRDB

/// One write transaction that several callers' work shares, so that they pay for one commit
/// (its WAL frames and the locking around it) instead of one each: what lets a server that
/// logs many drinks at once keep up (see ``DrinkStore/sharingOneTransaction(_:)``).
///
/// While it is open on a thread, every read and write of the same store on that thread runs
/// on its connection: a write in a savepoint of its own (a failing caller's changes are rolled
/// back alone), a read seeing what earlier callers wrote. The connection is held in a
/// thread-local, as ``LockWaiting`` holds its flag, because the store's methods are called
/// deep inside use cases that know nothing of it.
enum SharedTransaction {
  private final class Open {
    let writer: ObjectIdentifier
    let db: Database
    init(writer: ObjectIdentifier, db: Database) {
      self.writer = writer
      self.db = db
    }
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// The open transaction's connection on this thread, if it belongs to `writer`.
  static func connection(of writer: any DatabaseWriter) -> Database? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    let open = Unmanaged<Open>.fromOpaque(pointer).takeUnretainedValue()
    return open.writer == ObjectIdentifier(writer) ? open.db : nil
  }

  /// Runs `body` with `db` as the shared connection of `writer` on this thread.
  static func run<T>(
    _ db: Database, of writer: any DatabaseWriter, _ body: () throws -> T
  ) rethrows -> T {
    let open = Open(writer: ObjectIdentifier(writer), db: db)
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(open).toOpaque())
    defer {
      pthread_setspecific(key, previous)
      withExtendedLifetime(open) {}
    }
    return try body()
  }
}

extension DrinkStore {
  /// Runs each of `jobs` in one immediate transaction, each in a savepoint of its own: the
  /// jobs' writes land together, or, when the commit fails, none of them do.
  ///
  /// A job reports its own outcome (its error rolls back its savepoint only) through what it
  /// captures; the caller must act on those outcomes only after this returns, since until the
  /// commit nothing a job wrote is durable.
  /// - Throws: What opening or committing the transaction threw: then nothing was written.
  public func sharingOneTransaction(_ jobs: [() -> Void]) throws {
    try checkBeforeWriting(thorough: false)
    try guarded {
      try writer.write { db in
        SharedTransaction.run(db, of: writer) {
          for job in jobs { job() }
        }
      }
    }
  }
}
