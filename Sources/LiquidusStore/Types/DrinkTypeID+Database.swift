import GRDB
import LiquidusModel

/// A type id is stored as the integer it wraps: `type_id` columns, `drink_type.id`, and the
/// arguments of statements that compare them.
extension DrinkType.ID: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { rawValue.databaseValue }

  public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
    Int64.fromDatabaseValue(dbValue).map(Self.init(rawValue:))
  }
}
