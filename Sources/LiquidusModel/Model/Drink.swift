import Foundation

/// One logged drink: an instant, a drink type and a volume.
public struct Drink: Sendable, Hashable, Codable {
  /// A stored entry's database id.
  public typealias ID = RowID<Drink>

  /// The database id; nil until stored.
  public var id: ID?
  /// The ``DrinkType`` id.
  public var typeID: DrinkType.ID
  /// How much, in millilitres.
  public var volume: Volume
  /// When it was drunk; stored in UTC.
  public var instant: Date
  /// An optional free-text note.
  public var note: String?
  /// Where the entry came from.
  public var source: DrinkSource

  /// Milligrams of caffeine: the amount given when logged, else the volume times its type's
  /// content at the time; a later change of the type's content leaves it alone.
  public var caffeine: Double
  /// The app or device an imported entry came from, when its file said; nil for typed ones.
  public var sourceName: String?
  /// The entry's id on every device (see ``EntryUID``); nil until stored.
  public var uid: String?
  /// When the entry was last logged, imported, edited or merged in (UTC, to the millisecond);
  /// nil until stored. The newest version of an entry wins a merge.
  public var modifiedAt: Date?
  /// What identifies an imported entry's record (see `ImportKey`); nil for typed ones.
  public var importKey: String?
  /// Creates a drink.
  public init(
    id: ID? = nil, typeID: DrinkType.ID, volume: Volume, instant: Date, note: String? = nil,
    source: DrinkSource = .typed, caffeine: Double = 0, sourceName: String? = nil,
    uid: String? = nil, modifiedAt: Date? = nil, importKey: String? = nil
  ) {
    self.importKey = importKey
    self.uid = uid
    self.modifiedAt = modifiedAt
    self.sourceName = sourceName
    self.id = id
    self.typeID = typeID
    self.volume = volume
    self.instant = instant
    self.note = note
    self.source = source
    self.caffeine = caffeine
  }
}

/// Where an entry came from: typed at the command line, or read from a file.
public enum DrinkSource: String, Sendable, Hashable, Codable, CaseIterable {
  case typed
  case imported
}
