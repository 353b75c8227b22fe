/// How a comma or a point in a number is read, the same for typed amounts and imported files.
///
/// - A comma or a point before anything but exactly three digits is a decimal separator:
///   `0,5`, `1.25`, `2,5`. So is one after a lone zero: `0,250` is a quarter.
/// - Before exactly three digits (`1,500`, `1.500`) it groups thousands when the locale groups
///   with it (`1,500` is 1500 in English, `1.500` in German), and is refused as ambiguous, with
///   both readings, when it is the locale's decimal separator.
/// - Several of one kind group thousands (`1,500,000`); with both kinds, the last one is the
///   decimal separator (`1,500.5` or `1.500,5`).
public struct SeparatorRule: Sendable {
  /// The locale's decimal separator, which decides what `1,500` means.
  public var decimalSeparator: Character

  /// Creates the rule for a locale whose decimal separator is `decimalSeparator`.
  public init(decimalSeparator: Character) {
    self.decimalSeparator = decimalSeparator
  }

  /// The number in `text` by the rule above; nil when it is not a number.
  /// - Throws: ``AmountError/ambiguous(_:readings:)`` when a lone separator before three digits
  ///   is the locale's decimal separator.
  public func number(from text: String) throws(AmountError) -> Double? {
    guard !text.isEmpty else { return nil }
    let commas = text.filter { $0 == "," }.count
    let dots = text.filter { $0 == "." }.count
    let normalized: String
    switch (commas, dots) {
    case (0, 0):
      normalized = text
    case (0, _), (_, 0):
      let separator: Character = commas > 0 ? "," : "."
      let groups = text.split(separator: separator, omittingEmptySubsequences: false)
      let thousands =
        groups.dropFirst().allSatisfy { $0.count == 3 }
        && !["", "0", "-0", "+0"].contains(groups[0])
      if groups.count > 2 {
        // Several: only grouping makes sense (1,500,000).
        guard thousands else { return nil }
        normalized = text.filter { $0 != separator }
      } else if !thousands {
        normalized = text.replacingOccurrences(of: String(separator), with: ".")
      } else if separator != decimalSeparator {
        normalized = text.filter { $0 != separator }  // the locale groups with it: 1,500
      } else {
        let grouped = Double(text.filter { $0 != separator }) ?? 0
        let decimal = Double(text.replacingOccurrences(of: String(separator), with: ".")) ?? 0
        throw .ambiguous(text, readings: [decimal, grouped])
      }
    default:
      // Both: the last one is the decimal separator, the other groups thousands (1,500.5).
      guard let last = text.lastIndex(where: { $0 == "," || $0 == "." }) else { return nil }
      let decimal = text[last]
      let grouping: Character = decimal == "," ? "." : ","
      guard text.filter({ $0 == decimal }).count == 1 else { return nil }
      let whole = text[..<last].split(separator: grouping, omittingEmptySubsequences: false)
      guard whole.count > 1, whole.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
      normalized = whole.joined() + "." + text[text.index(after: last)...]
    }
    return Double(normalized)
  }
}
