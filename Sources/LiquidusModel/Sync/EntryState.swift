/// What one database knows of one entry id: a version of the entry, or its deletion.
///
/// ``newest(_:_:)`` is the whole merge rule. It picks the later change; at the same
/// millisecond a deletion beats an edit, and of two edits the one with the larger
/// ``EntryVersion/content``. It depends on neither argument's order nor on which database asks,
/// and picking again from its own result changes nothing, so merging A into B and B into A give
/// the same entries, and merging twice changes nothing the second time.
public enum EntryState: Sendable, Hashable {
  case entry(EntryVersion)
  case deleted(Tombstone)

  /// When the state began: the last change or the deletion.
  public var changedAt: String {
    switch self {
    case .entry(let version): version.modifiedAt
    case .deleted(let tombstone): tombstone.deletedAt
    }
  }

  /// The state that wins a merge.
  public static func newest(_ one: EntryState, _ other: EntryState) -> EntryState {
    if one.changedAt != other.changedAt { return one.changedAt > other.changedAt ? one : other }
    switch (one, other) {
    case (.deleted, _): return one
    case (_, .deleted): return other
    case (.entry(let a), .entry(let b)): return a.content >= b.content ? one : other
    }
  }

  /// The winner of several states; nil when there are none.
  public static func newest(_ states: [EntryState?]) -> EntryState? {
    states.compactMap { $0 }.reduce(nil) { best, state in best.map { newest($0, state) } ?? state }
  }
}
