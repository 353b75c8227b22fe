import LiquidusAnalysis
import LiquidusModel

/// An entry as a change left it (edited) or as it was (removed), with its type's name, for the
/// sentence or the JSON that reports the change.
public struct EntryChange: Sendable, Hashable {
  /// The entry.
  public var drink: Drink
  /// Its type's name; nil when the type is gone (a damaged file).
  public var typeName: String?
  /// The entry's day as the change left it, where the change reports it (an undo: a person
  /// who takes back a drink wants to know where the day stands now).
  public var day: DaySnapshot?

  /// Creates a change report.
  public init(drink: Drink, typeName: String?, day: DaySnapshot? = nil) {
    self.drink = drink
    self.typeName = typeName
    self.day = day
  }
}
