import Foundation

extension DrinkType {
  /// A stored type's database id.
  ///
  /// A type of its own rather than an `Int64`, so that a type's id cannot be passed where an
  /// entry's id, a count or a time is meant, and a map keyed by it (`[DrinkType.ID: Double]`)
  /// says what its keys are. It encodes as the bare number (Codable's rule for a raw value),
  /// and prints as one, so JSON and text that showed the `Int64` stay the same.
  public struct ID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The number SQLite gave the type's row.
    public let rawValue: Int64

    /// Wraps the number SQLite gave a type's row.
    public init(rawValue: Int64) {
      self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }
  }
}
