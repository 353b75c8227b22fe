import Foundation

/// Settings that a file cannot tell the reader by itself.
public struct ImportOptions: Sendable {
  /// `--map COLUMN=FIELD` for the plain csv: header name (case-insensitive) to one of
  /// `date`, `drink`, `amount`, `unit`, `note`, `source`.
  public var columnMap: [String: String]
  /// The fields `--map` can name: the plain csv's columns.
  public static var mappableFields: [String] { PlainCSVReader.fields }
  /// The time zone of dates that carry no offset (WaterMinder, Health Auto Export, local CSV).
  public var defaultTimeZone: TimeZone
  /// The drink type of plain-csv rows when the file has no drink column.
  public var defaultDrinkName: String = "Water"
  /// The user's decimal separator: a cell such as `1,500` is read by ``SeparatorRule`` as
  /// `liquidus log` reads it in the same locale.
  public var decimalSeparator: Character = "."

  /// Creates options. There is deliberately no default time zone: the caller passes the
  /// user's zone so that nothing in the library reads the environment.
  public init(
    columnMap: [String: String] = [:], defaultTimeZone: TimeZone,
    defaultDrinkName: String = "Water",
    decimalSeparator: Character = "."
  ) {
    self.columnMap = columnMap
    self.defaultTimeZone = defaultTimeZone
    self.defaultDrinkName = defaultDrinkName
    self.decimalSeparator = decimalSeparator
  }
}
