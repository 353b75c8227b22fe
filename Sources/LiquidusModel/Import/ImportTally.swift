/// What an import wrote to the database: drinks per type, types it created, caffeine records,
/// and records it left out because an earlier import already holds them.
public struct ImportTally: Sendable, Hashable {
  /// Drinks added to one type.
  public struct TypeCount: Sendable, Hashable {
    /// The type's name.
    public var type: String
    /// How many drinks.
    public var count: Int

    /// Creates a count.
    public init(type: String, count: Int) {
      self.type = type
      self.count = count
    }
  }

  /// Drinks added per type, in the types' list order; types with none are left out.
  public var addedByType: [TypeCount] = []
  /// Names of the types the import created, in order of creation.
  public var createdTypes: [String] = []
  /// Caffeine records added.
  public var caffeineAdded = 0
  /// Workouts added (an earlier import's are duplicates).
  public var workoutsAdded = 0
  /// Records an earlier import already holds.
  public var duplicatesSkipped = 0
  /// `--type-map` entries whose source app no drink of the file named: each with the file's
  /// source name it most likely meant, if any.
  public var unmatchedTypeMap: [UnmatchedTypeMap] = []
  /// The source apps the file's drinks named, for a report that has unmatched entries.
  public var sourcesSeen: [String] = []

  /// A `--type-map NAME=TYPE` that matched nothing.
  public struct UnmatchedTypeMap: Sendable, Hashable {
    public var source: String
    public var type: String
    public var didYouMean: String?

    public init(source: String, type: String, didYouMean: String?) {
      self.source = source
      self.type = type
      self.didYouMean = didYouMean
    }
  }

  /// Creates a tally; all zero by default.
  public init(
    addedByType: [TypeCount] = [], createdTypes: [String] = [], caffeineAdded: Int = 0,
    duplicatesSkipped: Int = 0
  ) {
    self.addedByType = addedByType
    self.createdTypes = createdTypes
    self.caffeineAdded = caffeineAdded
    self.duplicatesSkipped = duplicatesSkipped
  }
}
