import GRDB
import LiquidusModel

/// A row id is stored as the integer it wraps: `id` columns and the arguments of statements
/// that compare them.
extension RowID: DatabaseValueConvertible, SQLExpressible, StatementBinding {
  public var databaseValue: DatabaseValue { rawValue.databaseValue }

  public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
    Int64.fromDatabaseValue(dbValue).map(Self.init(rawValue:))
  }
}
