import Foundation
import GRDB
import LiquidusModel

extension Drink: FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "drink"

  /// Reads a row; a value that cannot be read (a time edited by hand into `'yesterday'`)
  /// throws ``StoreError/damagedEntry(id:column:value:)`` naming it, rather than trapping.
  public init(row: Row) throws {
    let id: Int64? = row["id"]
    func value<Value: DatabaseValueConvertible>(_ column: String) throws -> Value {
      do {
        return try row.decode(Value.self, forColumn: column)
      } catch {
        let stored = row[column] as DatabaseValue? ?? .null
        throw StoreError.damagedEntry(id: id ?? 0, column: column, value: "\(stored)")
      }
    }
    self.init(
      id: id, typeID: try value("type_id"), volume: Volume(milliliters: try value("volume_ml")),
      instant: try value("at_utc"), note: row["note"],
      source: DrinkSource(rawValue: row["source"] ?? "") ?? .imported,
      caffeine: row["caffeine_mg"] ?? 0, sourceName: row["source_name"], uid: row["uid"],
      // An entry written by hand in the sqlite3 shell may have none yet ('').
      modifiedAt: (try? row.decode(Date?.self, forColumn: "modified_at")) ?? nil,
      importKey: row["import_key"])
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container["id"] = id
    container["type_id"] = typeID
    container["volume_ml"] = volume.milliliters
    // Written as GRDB writes a Date, without its DateFormatter (see StoredInstant).
    container["at_utc"] = instant.stored
    container["note"] = note
    container["source"] = source.rawValue
    container["caffeine_mg"] = caffeine
    container["source_name"] = sourceName
    container["uid"] = uid
    container["import_key"] = importKey
    container["modified_at"] = (modifiedAt ?? instant).stored
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}
