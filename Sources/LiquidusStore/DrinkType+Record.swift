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
      isBuiltIn: row["is_builtin"])
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
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}
