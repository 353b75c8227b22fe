import LiquidusUseCases

/// The last change each signed-in browser made from the page, and how to take it back; and
/// the one sentence the next screen says about an undo.
///
/// Kept in memory, by session, rather than in a table: an undo belongs to the person at this
/// browser now, a restart ending it is what a person expects of "undo", and it needs no
/// schema change. Bounded: past ``limit`` sessions the oldest one's step is forgotten.
actor PageUndo {
  /// A change made, in the server's words, with what takes it back. `reverse` runs through the
  /// same use cases as the change did and returns what it did, in the server's words.
  struct Step: Sendable {
    var said: String
    var reverse: @Sendable (CallContext) throws -> String
  }

  static let limit = 1_000

  private var steps: [String: Step] = [:]
  private var notices: [String: String] = [:]
  private var order: [String] = []

  /// Remembers `step` as `session`'s last change, replacing the one before.
  func record(_ step: Step, for session: String) {
    steps[session] = step
    touch(session)
  }

  /// Marks `session` the newest, forgetting the oldest sessions past ``limit``.
  private func touch(_ session: String) {
    order.removeAll { $0 == session }
    order.append(session)
    while order.count > Self.limit {
      let oldest = order.removeFirst()
      steps[oldest] = nil
      notices[oldest] = nil
    }
  }

  /// The session's last change, without taking it.
  func last(for session: String) -> Step? { steps[session] }

  /// Takes the session's last change, so that a second undo does not undo it twice.
  func take(for session: String) -> Step? {
    defer { steps[session] = nil }
    return steps[session]
  }

  /// Forgets the session's last change: after a change that cannot be taken back here, an
  /// undo must not reach past it to an older one.
  func forget(for session: String) { steps[session] = nil }

  /// The sentence the next screen of `session` shows once.
  func say(_ words: String, to session: String) {
    notices[session] = words
    touch(session)
  }

  /// Takes what the next screen says.
  func notice(for session: String) -> String? {
    defer { notices[session] = nil }
    return notices[session]
  }
}
