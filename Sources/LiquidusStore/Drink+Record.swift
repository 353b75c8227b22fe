import Foundation
import GRDB
import LiquidusModel

extension Drink: FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "drink"

  public init(row: Row) throws {
    self.init(
      id: row["id"], typeID: row["type_id"], volume: Volume(milliliters: row["volume_ml"]),
      instant: row["at_utc"], note: row["note"],
      source: DrinkSource(rawValue: row["source"]) ?? .imported)
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container["id"] = id
    container["type_id"] = typeID
    container["volume_ml"] = volume.milliliters
    container["at_utc"] = instant
    container["note"] = note
    container["source"] = source.rawValue
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}
