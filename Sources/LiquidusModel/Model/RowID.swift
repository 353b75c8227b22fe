/// A stored row's database id, typed by what the row is (`Drink.ID`, `Workout.ID`), so that
/// an entry's id cannot be passed where a workout's, a token's, a count or a time is meant.
///
/// It encodes as the bare number (Codable's rule for a raw value) and prints as one, so JSON
/// and text that showed the `Int64` stay the same.
public struct RowID<Row>: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
  Comparable
{
  /// The number SQLite gave the row.
  public let rawValue: Int64

  /// Wraps the number SQLite gave a row.
  public init(rawValue: Int64) {
    self.rawValue = rawValue
  }

  /// Wraps the number SQLite gave a row.
  public init(_ rawValue: Int64) {
    self.rawValue = rawValue
  }

  public var description: String { String(rawValue) }

  public static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }
}

/// A literal id, as tests and examples write them (`.row(3)`); a variable `Int64` still has
/// to say which row it names.
extension RowID: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int64) {
    self.rawValue = value
  }
}
