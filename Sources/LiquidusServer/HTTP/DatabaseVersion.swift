import Foundation
import LiquidusModel
import LiquidusStore
import Synchronization

/// Whether the database has changed since an answer was computed: SQLite's `data_version` on a
/// connection of its own (``ChangeCounter``), which moves with every commit of any other
/// connection, this server's writer and other processes alike.
///
/// What every request needs and rarely changes (the tokens, today's status) is kept with the
/// version it was read at, and read again only when the version moves: the same answer without
/// summing the day again.
final class DatabaseVersion: Sendable {
  private let counter: ChangeCounter?

  init(store: DrinkStore) {
    counter = try? ChangeCounter(watching: store)
  }

  /// The current version; nil when it cannot be known (then nothing is kept).
  ///
  /// Read right here, on the caller's thread: SQLite's data_version reads the WAL index in
  /// shared memory, never the disk, and a hop to a blocking thread and back cost more than
  /// the read itself (a fifth of answering a cached status).
  func current() -> Int64? {
    try? counter?.version()
  }

  /// Every token with its digest, read on the version's own connection on the caller's thread
  /// (``ChangeCounter/tokenDigests()``); through the store's readers when there is no such
  /// connection (in memory) or it could not read (a reader there waits out a busy file).
  func tokenDigests(from store: DrinkStore) async throws -> [(APIToken, String)] {
    if let counter, let tokens = try? counter.tokenDigests() { return tokens }
    return try await store.perform { store in try store.tokenDigests() }
  }
}

/// One value kept with the database version it was computed at, and for at most `lifetime`
/// (values that also move with the clock, such as the caffeine in the body).
final class VersionedValue<Value: Sendable>: Sendable {
  private let kept = Mutex<(version: Int64, at: ContinuousClock.Instant, value: Value)?>(nil)
  private let lifetime: Duration

  init(lifetime: Duration) {
    self.lifetime = lifetime
  }

  /// The kept value if it is of `version` and young enough, else `compute()`'s, then kept.
  func value(at version: Int64?, _ compute: () async throws -> Value) async rethrows -> Value {
    let now = ContinuousClock.now
    if let version,
      let kept = kept.withLock({ $0 }), kept.version == version, now - kept.at < lifetime
    {
      return kept.value
    }
    let value = try await compute()
    if let version { kept.withLock { $0 = (version, now, value) } }
    return value
  }
}
