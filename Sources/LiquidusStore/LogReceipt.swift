import Foundation
import LiquidusModel

/// What `log` did: the stored entry, its type, and its day's total against the goal.
public struct LogReceipt: Sendable, Hashable {
  /// The stored entry, with its id.
  public var drink: Drink
  /// The entry's type.
  public var type: DrinkType
  /// The local day the entry falls in.
  public var day: DateInterval
  /// The day's total including this entry.
  public var dayTotal: Volume
  /// The settings in force (goal and unit).
  public var settings: Settings
}
