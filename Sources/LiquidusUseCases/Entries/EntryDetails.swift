import Foundation

/// What a person may say about an entry besides its drink and amount, alike for logging and
/// editing: when, a note, and its own caffeine. Nil leaves each as it is (or as the default).
public struct EntryDetails: Sendable, Hashable {
  /// When; nil for now (log) or unchanged (edit). Not more than a minute in the future.
  public var at: TimeInput?
  /// A note to keep with the entry; empty removes it (edit).
  public var note: String?
  /// The entry's own caffeine; nil for the amount times the type's content (log).
  public var caffeine: CaffeineInput?

  /// Creates the details.
  public init(at: TimeInput? = nil, note: String? = nil, caffeine: CaffeineInput? = nil) {
    self.at = at
    self.note = note
    self.caffeine = caffeine
  }

  /// The instant and milligrams meant, read in that order after the amount, so that the first
  /// mistake a person made is the one reported.
  func read(in context: CallContext) throws -> (instant: Date?, caffeine: Double?) {
    (try at?.instant(in: context), try caffeine?.milligrams())
  }
}
