import Foundation

/// A container a person drinks from, by name: a glass, a mug, a bottle. People think in these,
/// not in millilitres, so `log tea mug` and `log water 2 glasses` read them.
public struct Serving: Sendable, Hashable {
  /// The name as the person gave it, e.g. `mug`.
  public var name: String
  /// How much it holds.
  public var amount: Volume
  /// The drink it usually holds (`log mug` logs a mug of it); nil when it holds any.
  public var drinkName: String?

  public init(name: String, amount: Volume, drinkName: String? = nil) {
    self.name = name
    self.amount = amount
    self.drinkName = drinkName
  }

  /// What a new database offers: a glass, a mug, a bottle and a can. The cup stays a unit
  /// (236.6 mL, in ``UnitTable``).
  public static let defaults = [
    Serving(name: "glass", amount: Volume(milliliters: 250)),
    Serving(name: "mug", amount: Volume(milliliters: 350)),
    Serving(name: "bottle", amount: Volume(milliliters: 500)),
    Serving(name: "can", amount: Volume(milliliters: 330)),
  ]

  /// What a drink without an amount, a serving of its own or an earlier entry logs.
  public static let fallback = Volume(milliliters: 250)

  /// The forms of `word` a serving may be named by: itself, and without a plural's `s` or
  /// `es` (`glasses`, `mugs`).
  public static func singulars(of word: String) -> [String] {
    let key = word.lowercased()
    var forms = [key]
    if key.hasSuffix("es") { forms.append(String(key.dropLast(2))) }
    if key.hasSuffix("s") { forms.append(String(key.dropLast())) }
    return forms
  }

  /// Reads `2 glasses`, `2glasses`, `1.5 mugs` or `mug` as a count and a word; nil for
  /// anything else.
  public static func countAndWord(_ text: String) -> (count: Double, word: String)? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let match = trimmed.wholeMatch(of: #/(\d+(?:[.,]\d+)?)?\s*([A-Za-z][A-Za-z ]*)/#)
    else { return nil }
    let count = match.1.map { Double($0.replacingOccurrences(of: ",", with: ".")) ?? 0 } ?? 1
    return (count, String(match.2).trimmingCharacters(in: .whitespaces))
  }
}
