/// Everything a merge takes from the other side: its entries, tombstones and the drink types
/// its entries name. Read from another Liquidus database or from a JSON export.
public struct MergeSnapshot: Sendable {
  /// A drink type as the other side has it; a merge creates the ones this side lacks.
  public struct TypeInfo: Sendable, Hashable {
    public var name: String
    public var color: HexColor?
    public var caffeinePer100mL: Double
    public var hydrationFactor: Double
    public var isEnabled: Bool
    public var isArchived: Bool

    /// Creates a type description; nil colour for the next unused one.
    public init(
      name: String, color: HexColor?, caffeinePer100mL: Double, hydrationFactor: Double,
      isEnabled: Bool = true, isArchived: Bool = false
    ) {
      self.name = name
      self.color = color
      self.caffeinePer100mL = caffeinePer100mL
      self.hydrationFactor = hydrationFactor
      self.isEnabled = isEnabled
      self.isArchived = isArchived
    }
  }

  /// An imported caffeine record (Apple Health's DietaryCaffeine): never edited, and deleted
  /// only with the drink a Food correlation linked it to.
  public struct CaffeineRecord: Sendable, Hashable {
    public var utc: String
    public var milligrams: Double
    public var sourceName: String?
    public var importKey: String
    /// The entry whose caffeine it is, if linked.
    public var drinkUID: String?

    /// Creates a record.
    public init(
      utc: String, milligrams: Double, sourceName: String?, importKey: String, drinkUID: String?
    ) {
      self.utc = utc
      self.milligrams = milligrams
      self.sourceName = sourceName
      self.importKey = importKey
      self.drinkUID = drinkUID
    }
  }

  /// The file it was read from, for messages.
  public var path: String
  public var types: [TypeInfo]
  public var entries: [EntryVersion]
  public var tombstones: [Tombstone]
  public var caffeineRecords: [CaffeineRecord]
  /// The other side's goal changes: of two for one day, the newer wins.
  public var goalChanges: [GoalChange]
  /// Where each entry is in the file it came from (`entry 3`, `line 4`), by id, for messages;
  /// an entry of a database is named by its id.
  public var places: [String: String] = [:]

  /// Creates a snapshot.
  public init(
    path: String, types: [TypeInfo], entries: [EntryVersion], tombstones: [Tombstone],
    caffeineRecords: [CaffeineRecord] = [], goalChanges: [GoalChange] = []
  ) {
    self.goalChanges = goalChanges
    self.path = path
    self.types = types
    self.entries = entries
    self.tombstones = tombstones
    self.caffeineRecords = caffeineRecords
  }
}

/// What a merge changed in this database, counted per entry id the other side knows.
public struct MergeTally: Sendable, Equatable {
  /// Entries new here.
  public var added = 0
  /// Entries here that took the other side's newer version.
  public var updated = 0
  /// Entries here deleted because the other side deleted them later.
  public var deleted = 0
  /// Entries (and deletions) both sides already agreed on, or where this side's is newer.
  public var unchanged = 0
  /// Drink types created for the other side's entries, by name.
  public var createdTypes: [String] = []
  /// Imported caffeine records new here.
  public var caffeineAdded = 0
  /// Goal changes new here, or newer than this side's for their day.
  public var goalChanges = 0

  public init() {}
}
