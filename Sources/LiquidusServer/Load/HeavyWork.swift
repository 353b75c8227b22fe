import Hummingbird
import Synchronization

/// At most ``slots`` heavy answers (a summary or caffeine view of any period, the Trends
/// screen's charts) are computed at once; others wait their turn, for at most ``wait``, and
/// are then answered 503 with `Retry-After`.
///
/// Three century summaries at once once held every thread the server had, and even the cached
/// `/api/status` went unanswered. With the heavy ones queued, a light request always finds a
/// thread: it never waits here.
final class HeavyWork: Sendable {
  private struct Waiter {
    let id: UInt64
    let continuation: CheckedContinuation<Bool, Never>
  }
  private struct State {
    var free: Int
    var waiters: [Waiter] = []
    var lastID: UInt64 = 0
  }

  let slots: Int
  let wait: Duration
  private let state: Mutex<State>

  init(slots: Int, wait: Duration = .seconds(10)) {
    self.slots = max(1, slots)
    self.wait = wait
    state = Mutex(State(free: max(1, slots)))
  }

  /// Runs `work` once a slot is free.
  /// - Throws: a 503 ``Problem`` when none came free within ``wait``; `work`'s errors.
  func run<T: Sendable>(_ work: () async throws -> T) async throws -> T {
    guard await acquire() else {
      var problem = Problem(
        .serviceUnavailable,
        "The server is busy with other long answers (summaries, caffeine, charts); try again "
          + "in a few seconds.")
      problem.headers[.retryAfter] = "5"
      throw problem
    }
    defer { release() }
    return try await work()
  }

  private func acquire() async -> Bool {
    let id = state.withLock { state -> UInt64 in
      state.lastID += 1
      return state.lastID
    }
    return await withCheckedContinuation { continuation in
      let now = state.withLock { state -> Bool in
        if state.free > 0 {
          state.free -= 1
          return true
        }
        state.waiters.append(Waiter(id: id, continuation: continuation))
        return false
      }
      if now {
        continuation.resume(returning: true)
        return
      }
      Task { [wait] in
        try? await Task.sleep(for: wait)
        self.giveUp(id)
      }
    }
  }

  /// The waiter `id`, if still waiting, is refused.
  private func giveUp(_ id: UInt64) {
    let waiter = state.withLock { state -> Waiter? in
      guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return state.waiters.remove(at: index)
    }
    waiter?.continuation.resume(returning: false)
  }

  /// Hands the slot to the longest waiter, or frees it.
  private func release() {
    let next = state.withLock { state -> Waiter? in
      if state.waiters.isEmpty {
        state.free += 1
        return nil
      }
      return state.waiters.removeFirst()
    }
    next?.continuation.resume(returning: true)
  }
}

/// Puts every route behind it in ``HeavyWork``'s queue.
struct HeavyWorkMiddleware: RouterMiddleware {
  typealias Context = APIRequestContext

  let heavy: HeavyWork

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    try await heavy.run { try await next(request, context) }
  }
}
