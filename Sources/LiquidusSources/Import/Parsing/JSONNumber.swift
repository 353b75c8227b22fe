import Foundation

/// A number from a value `JSONSerialization` gave, refusing what only looks like one: JSON's
/// `true` and `false` arrive as `NSNumber`s too (`valueInML: true` read as 1 mL).
enum JSONNumber {
  /// The value as a Double when it is a JSON number; nil for booleans, text and the rest.
  static func double(_ value: Any?) -> Double? {
    guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
    return number.doubleValue
  }

  /// Whether `number` came from `true` or `false` (its type is `c`, a C `char`, which JSON's
  /// numbers never are).
  static func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }
}
