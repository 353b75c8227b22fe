import Foundation
import Synchronization

/// When each token was last noted as used, so that a request writes `last_used_at` at most once
/// a minute rather than on every call.
final class UsageMarks: Sendable {
  private let marks = Mutex<[Int64: Date]>([:])

  func shouldMark(_ tokenID: Int64, at now: Date) -> Bool {
    marks.withLock { marks in
      if let last = marks[tokenID], now.timeIntervalSince(last) < 60 { return false }
      marks[tokenID] = now
      return true
    }
  }
}
