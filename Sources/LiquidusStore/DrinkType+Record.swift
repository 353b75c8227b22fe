import Foundation
import GRDB
import LiquidusModel

extension DrinkType: FetchableRecord, MutablePersistableRecord {
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

  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}
