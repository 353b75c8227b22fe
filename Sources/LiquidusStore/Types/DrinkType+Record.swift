import Foundation
import GRDB
import LiquidusModel

extension DrinkType: FetchableRecord, PersistableRecord {
  public static let databaseTableName = "drink_type"

  /// The columns of `drink_type`, named once for the record's reading and writing and for the
  /// queries the store builds with GRDB's query interface. Statements written as SQL (hot
  /// paths, triggers, migrations) spell the same names in their text.
  ///
  /// Public only because GRDB's `TableRecord` names a `Columns` type; its members are the
  /// store's own.
  public enum Columns {
    static let id = Column("id")
    static let name = Column("name")
    /// The name folded by ``DrinkType/nameKey(_:)``: unique, so names are unique regardless
    /// of case.
    static let nameKey = Column("name_key")
    static let color = Column("color")
    static let position = Column("position")
    static let isEnabled = Column("is_enabled")
    static let isArchived = Column("is_archived")
    static let isBuiltIn = Column("is_builtin")
    static let caffeinePer100mL = Column("caffeine_mg_per_100ml")
    static let hydrationFactor = Column("hydration_factor")
  }

  /// Every type in the order of lists and chart stacks: by position, then by id for types a
  /// hand edit left on the same position.
  static var inListOrder: QueryInterfaceRequest<DrinkType> {
    order(Columns.position, Columns.id)
  }

  public init(row: Row) throws {
    self.init(
      id: row[Columns.id], name: row[Columns.name],
      color: HexColor(row[Columns.color] as String) ?? HexColor.palette[0],
      position: row[Columns.position], isEnabled: row[Columns.isEnabled],
      isArchived: row[Columns.isArchived], isBuiltIn: row[Columns.isBuiltIn],
      caffeinePer100mL: row[Columns.caffeinePer100mL] ?? 0,
      hydrationFactor: row[Columns.hydrationFactor] ?? 1)
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.id] = id
    try draft.encode(to: &container)
  }
}

/// A draft is inserted without an id (SQLite gives the next one); ``stored(_:)`` returns the
/// type with it, so code that creates a type gets one whose id is never nil.
extension DrinkType.Draft: PersistableRecord {
  public static let databaseTableName = DrinkType.databaseTableName

  public func encode(to container: inout PersistenceContainer) throws {
    typealias Columns = DrinkType.Columns
    container[Columns.name] = name
    container[Columns.nameKey] = DrinkType.nameKey(name)
    container[Columns.color] = color.hex
    container[Columns.position] = position
    container[Columns.isEnabled] = isEnabled
    container[Columns.isArchived] = isArchived
    container[Columns.isBuiltIn] = isBuiltIn
    container[Columns.caffeinePer100mL] = caffeinePer100mL
    container[Columns.hydrationFactor] = hydrationFactor
  }

  /// Inserts the draft and returns the type as stored, with the id SQLite gave it.
  func stored(_ db: Database) throws -> DrinkType {
    try insert(db)
    return DrinkType(id: DrinkType.ID(rawValue: db.lastInsertedRowID), self)
  }
}
