import Foundation
import LiquidusModel
import LiquidusStore
import Synchronization

/// Notes when a token was last used, by the API or by a page session opened with it, so that
/// `serve token list` tells a token in use from one nobody has used; written to the database
/// at most once a minute per token rather than on every call.
final class UsageMarks: Sendable {
  private let store: DrinkStore
  private let marks = Mutex<[APIToken.ID: Date]>([:])

  init(store: DrinkStore) {
    self.store = store
  }

  /// Notes that `token` was used at `now`. A failed write only delays the mark: using the
  /// server matters more than the date in the list.
  func note(_ token: APIToken, at now: Date) async {
    guard shouldMark(token.id, at: now) else { return }
    _ = try? await store.perform { store in try store.markUsed(token, now: now) }
  }

  private func shouldMark(_ tokenID: APIToken.ID, at now: Date) -> Bool {
    marks.withLock { marks in
      if let last = marks[tokenID], now.timeIntervalSince(last) < 60 { return false }
      marks[tokenID] = now
      return true
    }
  }
}
