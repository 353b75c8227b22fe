import Dispatch

extension DrinkStore {
  /// Runs `work` against this store off Swift's cooperative threads, and returns its result.
  ///
  /// SQLite blocks: a query reads the disk, a write may wait for another process's lock. On a
  /// server, that would hold one of the few threads that run every request's async code, so
  /// the store's synchronous methods are called from here instead, on a thread that may block.
  /// Reads run side by side (the pool's readers), writes one at a time (its writer).
  ///
  /// ```swift
  /// let snapshot = try await store.perform { store in try Journal(store: store, ...).today() }
  /// ```
  public func perform<T: Sendable>(_ work: @escaping @Sendable (DrinkStore) throws -> T)
    async throws -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      Self.blockingWork.async {
        continuation.resume(with: Result { try work(self) })
      }
    }
  }

  /// Where blocking store work runs: Dispatch's own threads, which may block.
  private static let blockingWork = DispatchQueue(
    label: "liquidus.store.blocking", qos: .userInitiated, attributes: .concurrent)
}
