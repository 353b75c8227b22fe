import Synchronization

/// The messages waiting for a sender, bounded: at most `capacity` are accepted and not yet
/// finished (queued, being sent, or waiting to be tried again), so a flood of reminders or a
/// push service that stops answering cannot grow the server's memory.
final class PushQueue<Element: Sendable>: Sendable {
  private struct State {
    var ready: [Element] = []
    var waiting: [Int: CheckedContinuation<Element?, Never>] = [:]
    var nextWaiter = 0
    var outstanding = 0
    var closed = false
  }

  private let state = Mutex(State())
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// Messages accepted and not finished.
  var outstanding: Int { state.withLock { $0.outstanding } }

  /// Accepts a new message; false when full or closed.
  func offer(_ element: Element) -> Bool {
    let handed: CheckedContinuation<Element?, Never>?? = state.withLock { state in
      guard !state.closed, state.outstanding < capacity else { return .none }
      state.outstanding += 1
      return .some(Self.hand(element, in: &state))
    }
    guard let handed else { return false }
    handed?.resume(returning: element)
    return true
  }

  /// Puts back a message accepted earlier, to be tried again; false (and finished) once closed.
  func requeue(_ element: Element) -> Bool {
    let handed: CheckedContinuation<Element?, Never>?? = state.withLock { state in
      guard !state.closed else {
        state.outstanding -= 1
        return .none
      }
      return .some(Self.hand(element, in: &state))
    }
    guard let handed else { return false }
    handed?.resume(returning: element)
    return true
  }

  /// A message accepted earlier is done with, sent or not.
  func finish() {
    state.withLock { $0.outstanding -= 1 }
  }

  /// The next message, waiting for one; nil once the queue is closed or the task cancelled.
  func next() async -> Element? {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
        let now: Element?? = state.withLock { state in
          if !state.ready.isEmpty { return .some(state.ready.removeFirst()) }
          if state.closed || Task.isCancelled { return .some(nil) }
          state.waiting[id] = continuation
          return .none
        }
        if let now { continuation.resume(returning: now) }
      }
    } onCancel: {
      state.withLock { $0.waiting.removeValue(forKey: id) }?.resume(returning: nil)
    }
  }

  /// Takes no more messages and ends every wait; returns how many queued ones were dropped.
  func close() -> Int {
    let (waiters, dropped) = state.withLock { state in
      state.closed = true
      let waiters = Array(state.waiting.values)
      state.waiting = [:]
      let dropped = state.ready.count
      state.outstanding -= dropped
      state.ready = []
      return (waiters, dropped)
    }
    for waiter in waiters { waiter.resume(returning: nil) }
    return dropped
  }

  /// Gives `element` to a waiting sender if there is one (returned, to resume outside the
  /// lock), else queues it.
  private static func hand(_ element: Element, in state: inout State)
    -> CheckedContinuation<Element?, Never>?
  {
    if let (id, waiter) = state.waiting.first {
      state.waiting.removeValue(forKey: id)
      return waiter
    }
    state.ready.append(element)
    return nil
  }
}
