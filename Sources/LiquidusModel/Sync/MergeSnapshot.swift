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

  /// A workout as the other side has it. Workouts are never edited: one is new here, here
  /// already, or deleted on one side (its tombstone then keeps it away on both).
  public struct WorkoutRecord: Sendable, Hashable {
    public var uid: String
    /// Its start as stored (`yyyy-MM-dd HH:mm:ss.SSS`, UTC).
    public var utc: String
    public var minutes: Double
    public var activity: String
    public var sourceName: String?

    /// Creates a record.
    public init(uid: String, utc: String, minutes: Double, activity: String, sourceName: String?) {
      self.uid = uid
      self.utc = utc
      self.minutes = minutes
      self.activity = activity
      self.sourceName = sourceName
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
  /// The other side's workouts, and the ids of the workouts it deleted.
  public var workouts: [WorkoutRecord] = []
  public var workoutTombstones: [Tombstone] = []
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
  /// Workouts new here, and workouts here deleted because the other side deleted them.
  public var workoutsAdded = 0
  public var workoutsDeleted = 0

  public init() {}
}
