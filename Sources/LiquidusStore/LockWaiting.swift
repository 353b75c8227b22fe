import Synchronization

/// Whether this store's writes wait for another process's write lock.
///
/// Writes wait (up to 15 s, see ``DrinkStore/configuration(_:)``): a `log` during an import
/// gets in at the next gap between batches. A write that is only a convenience does not: when
/// `status` caches the days it has just summed, a `--strict` import holding the lock for a
/// minute must not make a status bar hang, so that write gives up at once and the days are
/// summed again next time.
final class LockWaiting: Sendable {
  private let skipping = Mutex(false)

  /// Whether the busy handler should keep waiting.
  var waits: Bool { !skipping.withLock { $0 } }

  /// Runs `body` with waiting switched off for this store.
  func withoutWaiting<T>(_ body: () throws -> T) rethrows -> T {
    skipping.withLock { $0 = true }
    defer { skipping.withLock { $0 = false } }
    return try body()
  }
}
