import Foundation
import Synchronization

/// Failed attempts per client in the current minute: a client that fails ``limit`` times is
/// refused until its minute is over.
///
/// A client is an IPv4 address or an IPv6 /64 (see ``IPAddress/throttleKey``). The table is
/// bounded (``capacity``) without ever forgetting a blocked client early: a full table first
/// drops the minutes that are over, then the oldest client that is not blocked; a table full of
/// blocked clients counts no newcomer until a minute ends. Emptying it outright, as it once
/// did, let 10,001 addresses unblock everyone.
final class Throttle: Sendable {
  /// Failures a client may make in a minute before it is refused outright.
  let limit: Int
  /// How many clients are counted at once.
  let capacity: Int
  private let failures = Mutex<[String: Window]>([:])

  private struct Window {
    var start: Date
    var count: Int
  }

  init(limit: Int, capacity: Int = 10_000) {
    self.limit = limit
    self.capacity = capacity
  }

  /// How many clients are being counted now.
  var count: Int { failures.withLock { $0.count } }

  func isBlocked(_ client: String, at now: Date) -> Bool {
    let key = Self.key(client)
    return failures.withLock { table in
      guard let window = table[key] else { return false }
      if now.timeIntervalSince(window.start) >= 60 {
        table[key] = nil
        return false
      }
      return window.count >= limit
    }
  }

  func recordFailure(_ client: String, at now: Date) {
    let key = Self.key(client)
    failures.withLock { table in
      if let window = table[key], now.timeIntervalSince(window.start) < 60 {
        table[key]?.count = window.count + 1
        return
      }
      if table[key] == nil && table.count >= capacity && !makeRoom(in: &table, at: now) {
        return
      }
      table[key] = Window(start: now, count: 1)
    }
  }

  /// Frees one place, never a blocked client's; false when every client is blocked.
  private func makeRoom(in table: inout [String: Window], at now: Date) -> Bool {
    table = table.filter { now.timeIntervalSince($0.value.start) < 60 }
    if table.count < capacity { return true }
    let oldest = table.filter { $0.value.count < limit }.min { $0.value.start < $1.value.start }
    guard let oldest else { return false }
    table[oldest.key] = nil
    return true
  }

  /// The address's throttle key; a text that is no address (`unknown`) is its own key.
  private static func key(_ client: String) -> String {
    IPAddress(client)?.throttleKey ?? client
  }
}
