import Foundation
import GRDB
import LiquidusModel

extension Drink: FetchableRecord, MutablePersistableRecord {
  public static let databaseTableName = "drink"

  /// The columns of `drink`, named once for the record's reading and writing and for the
  /// queries the store builds with GRDB's query interface. Statements written as SQL (the
  /// sums, the import's bulk writer, triggers, migrations) spell the same names in their text.
  ///
  /// Public only because GRDB's `TableRecord` names a `Columns` type; its members are the
  /// store's own.
  public enum Columns {
    static let id = Column("id")
    static let typeID = Column("type_id")
    static let volume = Column("volume_ml")
    /// Milliseconds since 1970 in UTC, read and written as a `StoredInstant`, never a `Date`.
    static let instant = Column("at_ms")
    static let note = Column("note")
    static let source = Column("source")
    static let caffeine = Column("caffeine_mg")
    static let sourceName = Column("source_name")
    /// 16 bytes, read and written as a `StoredUID`.
    static let uid = Column("uid")
    static let importKey = Column("import_key")
    /// A `StoredInstant`, as ``instant``; NULL for an entry added by hand.
    static let modifiedAt = Column("modified_ms")
    /// Whether a merge brought the entry in from another database (`undo` leaves those alone).
    static let mergedIn = Column("merged_in")
  }

  /// Reads a row; a value that cannot be read (a time edited by hand into `'yesterday'`)
  /// throws ``StoreError/damagedEntry(id:column:value:)`` naming it, rather than trapping.
  public init(row: Row) throws {
    let id: Int64? = row[Columns.id]
    func value<Value: DatabaseValueConvertible>(_ column: Column) throws -> Value {
      do {
        return try row.decode(Value.self, forColumn: column.name)
      } catch {
        let stored = row[column] as DatabaseValue? ?? .null
        throw StoreError.damagedEntry(id: id ?? 0, column: column.name, value: "\(stored)")
      }
    }
    self.init(
      id: id.map { Drink.ID($0) }, typeID: try value(Columns.typeID),
      volume: Volume(milliliters: try value(Columns.volume)),
      instant: (try value(Columns.instant) as StoredInstant).date, note: row[Columns.note],
      source: DrinkSource(rawValue: row[Columns.source] ?? "") ?? .imported,
      caffeine: row[Columns.caffeine] ?? 0, sourceName: row[Columns.sourceName],
      uid: (try value(Columns.uid) as StoredUID?)?.text,
      // An entry written by hand in the sqlite3 shell may have none yet.
      modifiedAt: ((try? row.decode(StoredInstant?.self, forColumn: Columns.modifiedAt.name))
        ?? nil)?.date,
      importKey: row[Columns.importKey])
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.id] = id
    container[Columns.typeID] = typeID
    container[Columns.volume] = volume.milliliters
    container[Columns.instant] = instant.stored
    container[Columns.note] = note
    container[Columns.source] = source.rawValue
    container[Columns.caffeine] = caffeine
    container[Columns.sourceName] = sourceName
    container[Columns.uid] = uid?.storedUID
    container[Columns.importKey] = importKey
    container[Columns.modifiedAt] = (modifiedAt ?? instant).stored
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) {
    id = Drink.ID(inserted.rowID)
  }
}
