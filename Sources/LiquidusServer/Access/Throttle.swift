import Foundation
import Synchronization

/// Failed attempts per client address in the current minute.
final class Throttle: Sendable {
  /// Failures a client may make in a minute before it is refused outright.
  let limit: Int
  private let failures = Mutex<[String: (windowStart: Date, count: Int)]>([:])

  init(limit: Int) {
    self.limit = limit
  }

  func isBlocked(_ client: String, at now: Date) -> Bool {
    failures.withLock { table in
      guard let entry = table[client] else { return false }
      if now.timeIntervalSince(entry.windowStart) >= 60 {
        table[client] = nil
        return false
      }
      return entry.count >= limit
    }
  }

  func recordFailure(_ client: String, at now: Date) {
    failures.withLock { table in
      // Bounded: a flood from many addresses cannot grow the table without end.
      if table.count > 10_000 { table.removeAll() }
      if let entry = table[client], now.timeIntervalSince(entry.windowStart) < 60 {
        table[client] = (entry.windowStart, entry.count + 1)
      } else {
        table[client] = (now, 1)
      }
    }
  }
}
