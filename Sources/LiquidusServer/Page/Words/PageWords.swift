import Foundation
import LiquidusModel
import LiquidusPresentation

/// What the page says of a drink's settings, as a person says it: "no caffeine", "40 mg in
/// 100 mL", "counts in full", "counts half again" (never "0mg/100ml" or "1 times its volume").
enum PageWords {
  /// `no caffeine`, `40 mg caffeine in 100 mL`.
  static func caffeine(_ perHundred: Double) -> String {
    perHundred == 0 ? "no caffeine" : "\(number(perHundred)) mg caffeine in 100 mL"
  }

  /// How much of a drink counts toward the goal.
  static func hydration(_ factor: Double) -> String {
    switch factor {
    case 1: "counts in full toward the goal"
    case 0: "does not count toward the goal"
    case 1.5: "counts half again toward the goal"
    case 2: "counts double toward the goal"
    default: "counts \(Int((factor * 100).rounded())) % toward the goal"
    }
  }

  /// A figure as people write it: `40`, `12.68`, at most two decimals, no grouping.
  static func number(_ value: Double) -> String {
    value.formatted(.number.precision(.fractionLength(0...2)).grouping(.never))
  }

  /// The caffeine field's text (`40 mg`): the field reads it per 100 mL, or per anything the
  /// person names after a slash (`95mg/cup`).
  static func caffeineField(_ perHundred: Double) -> String { "\(number(perHundred)) mg" }

  /// What a person typed in the caffeine field, as ``CaffeineContent`` reads it: an amount
  /// alone is per 100 mL.
  static func caffeineTyped(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.contains("/") || Double(trimmed) == 0 { return trimmed }
    return trimmed + "/100ml"
  }
}
