import Foundation
import LiquidusStore
import Synchronization

/// Writes from concurrent requests gathered into one transaction: while one group commits, the
/// requests that arrive wait and then share the next commit (SQLite's "group commit"). One
/// request alone still gets a transaction of its own at once, so nothing waits for company.
///
/// Each request runs in a savepoint of its own (``DrinkStore/sharingOneTransaction(_:)``), so
/// one request's failure rolls back only its own writes; every request is answered after the
/// commit, so no client is told of a drink that a failed commit then lost.
final class GroupedWrites: Sendable {
  /// One request's work, and how to answer it once the group's commit is known.
  private struct Job: Sendable {
    /// Runs the work inside the group's transaction; returns how to answer after the commit.
    let perform: @Sendable (DrinkStore) -> @Sendable () -> Void
    /// Answers with the commit's failure instead.
    let fail: @Sendable (any Error) -> Void
  }

  private let store: DrinkStore
  private let state = Mutex<(waiting: [Job], committing: Bool)>(([], false))
  /// Far more than arrive while one commit runs; a bound so that one group stays short.
  private let largestGroup = 64

  init(store: DrinkStore) {
    self.store = store
  }

  /// Runs `work` in the next group's transaction and returns its result once that committed.
  func run<T: Sendable>(_ work: @escaping @Sendable (DrinkStore) throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      let job = Job(
        perform: { store in
          let result = Result { try work(store) }
          return { continuation.resume(with: result) }
        },
        fail: { continuation.resume(throwing: $0) })
      let startsCommitting = state.withLock { state in
        state.waiting.append(job)
        guard !state.committing else { return false }
        state.committing = true
        return true
      }
      if startsCommitting { Self.committer.async { self.commitWhileWaiting() } }
    }
  }

  /// Commits groups until no request is waiting.
  private func commitWhileWaiting() {
    while true {
      let group = state.withLock { state -> [Job] in
        let group = Array(state.waiting.prefix(largestGroup))
        state.waiting.removeFirst(group.count)
        if group.isEmpty { state.committing = false }
        return group
      }
      if group.isEmpty { return }
      let answers = Mutex<[@Sendable () -> Void]>([])
      do {
        try store.sharingOneTransaction(
          group.map { job in { answers.withLock { $0.append(job.perform(self.store)) } } })
        for answer in answers.withLock({ $0 }) { answer() }
      } catch {
        for job in group { job.fail(error) }
      }
    }
  }

  /// Where groups commit: a thread that may block on SQLite, off the request threads.
  private static let committer = DispatchQueue(label: "liquidus.server.grouped-writes")
}
