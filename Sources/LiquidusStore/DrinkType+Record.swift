import Foundation
import GRDB
import LiquidusModel

extension DrinkType: FetchableRecord, PersistableRecord {
  public static let databaseTableName = "drink_type"

  public init(row: Row) throws {
    self.init(
      id: row["id"], name: row["name"],
      color: HexColor(row["color"] as String) ?? HexColor.palette[0],
      position: row["position"], isEnabled: row["is_enabled"], isArchived: row["is_archived"],
      isBuiltIn: row["is_builtin"], caffeinePer100mL: row["caffeine_mg_per_100ml"] ?? 0,
      hydrationFactor: row["hydration_factor"] ?? 1)
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container["id"] = id
    try draft.encode(to: &container)
  }

  /// The type's values without its id: what an update writes besides the id.
  var draft: Draft {
    Draft(
      name: name, color: color, position: position, isEnabled: isEnabled,
      isArchived: isArchived, isBuiltIn: isBuiltIn, caffeinePer100mL: caffeinePer100mL,
      hydrationFactor: hydrationFactor)
  }
}

/// A draft is inserted without an id (SQLite gives the next one); ``stored(_:)`` returns the
/// type with it, so code that creates a type gets one whose id is never nil.
extension DrinkType.Draft: PersistableRecord {
  public static let databaseTableName = DrinkType.databaseTableName

  public func encode(to container: inout PersistenceContainer) throws {
    container["name"] = name
    container["name_key"] = DrinkType.nameKey(name)
    container["color"] = color.hex
    container["position"] = position
    container["is_enabled"] = isEnabled
    container["is_archived"] = isArchived
    container["is_builtin"] = isBuiltIn
    container["caffeine_mg_per_100ml"] = caffeinePer100mL
    container["hydration_factor"] = hydrationFactor
  }

  /// Inserts the draft and returns the type as stored, with the id SQLite gave it.
  func stored(_ db: Database) throws -> DrinkType {
    try insert(db)
    return DrinkType(id: DrinkType.ID(rawValue: db.lastInsertedRowID), self)
  }
}
