#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the write running on this thread waits for another process's write lock.
///
/// Writes wait (up to 15 s, see ``DrinkStore/configuration()``): a `log` during an import gets
/// in at the next gap between batches. A write that is only a convenience does not: when
/// `status` caches the days it has just summed, a `--strict` import holding the lock for a
/// minute must not make a status bar hang, so that write gives up at once and the days are
/// summed again next time.
///
/// The choice belongs to one call, not to the store: a server shares one store between many
/// requests, and one request's convenience write must not stop another's drink from waiting.
/// SQLite calls the busy handler on the thread that runs the statement, which is the thread
/// inside ``DrinkStore/writeWithoutWaiting(_:)``'s closure, so a thread-local value is exactly
/// the call's.
enum LockWaiting {
  /// Set (to any non-nil value) on a thread while its write must not wait.
  private static let skipping: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Whether the busy handler on this thread should keep waiting.
  static var waits: Bool { pthread_getspecific(skipping) == nil }

  /// Runs `body` with waiting switched off on this thread.
  static func withoutWaiting<T>(_ body: () throws -> T) rethrows -> T {
    let previous = pthread_getspecific(skipping)
    pthread_setspecific(skipping, UnsafeRawPointer(bitPattern: 1))
    defer { pthread_setspecific(skipping, previous) }
    return try body()
  }
}
