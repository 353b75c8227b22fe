import LiquidusModel

/// An entry as a change left it (edited) or as it was (removed), with its type's name, for the
/// sentence or the JSON that reports the change.
public struct EntryChange: Sendable, Hashable {
  /// The entry.
  public var drink: Drink
  /// Its type's name; nil when the type is gone (a damaged file).
  public var typeName: String?

  /// Creates a change report.
  public init(drink: Drink, typeName: String?) {
    self.drink = drink
    self.typeName = typeName
  }
}
