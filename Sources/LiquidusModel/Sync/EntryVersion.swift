/// One entry as one database holds it, in the terms two databases share: its id, what it says
/// (its type by name, not by row id) and when it was last changed.
///
/// Times are UTC text as the store writes them (`YYYY-MM-DD HH:MM:SS.SSS`), so they compare as
/// text and copy from one database to another unchanged.
public struct EntryVersion: Sendable, Hashable {
  public var uid: String
  public var typeName: String
  public var milliliters: Double
  public var utc: String
  public var note: String?
  public var source: DrinkSource
  public var sourceName: String?
  public var caffeine: Double
  public var importKey: String?
  public var modifiedAt: String

  /// Creates a version.
  public init(
    uid: String, typeName: String, milliliters: Double, utc: String, note: String?,
    source: DrinkSource, sourceName: String?, caffeine: Double, importKey: String?,
    modifiedAt: String
  ) {
    self.uid = uid
    self.typeName = typeName
    self.milliliters = milliliters
    self.utc = utc
    self.note = note
    self.source = source
    self.sourceName = sourceName
    self.caffeine = caffeine
    self.importKey = importKey
    self.modifiedAt = modifiedAt
  }

  /// What the entry says, as one text: two versions say the same thing exactly when their texts
  /// are equal, and the larger text wins a tie of modification times on both sides alike.
  /// Types compare by their folded name, as types are matched between databases.
  public var content: String {
    [
      DrinkType.nameKey(typeName), "\(milliliters)", utc, note.map { "+" + $0 } ?? "-",
      source.rawValue, sourceName.map { "+" + $0 } ?? "-", "\(caffeine)",
      importKey.map { "+" + $0 } ?? "-",
    ].joined(separator: "\u{1F}")
  }
}

/// A deleted entry: its id and when it was deleted.
public struct Tombstone: Sendable, Hashable {
  public var uid: String
  public var deletedAt: String

  /// Creates a tombstone.
  public init(uid: String, deletedAt: String) {
    self.uid = uid
    self.deletedAt = deletedAt
  }
}
