import Foundation

/// Reads caffeine content as people write it: `40mg/100ml`, `95mg/cup`, `63mg/30ml`,
/// `80mg/8floz`, or `0`, into milligrams per 100 mL.
public enum CaffeineContent {
  /// The highest plausible content: pure espresso is about 212 mg/100 mL; caffeine powder
  /// dissolved in a shot is the most anyone should log.
  public static let maximum = 1000.0

  public static func parse(_ text: String) throws(CaffeineError) -> Double {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    if let zero = Double(trimmed), zero == 0 { return 0 }
    let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let milligrams = CaffeineAmount.milligrams(String(parts[0])) else {
      throw .unreadableContent(text)
    }
    var per = String(parts[1]).trimmingCharacters(in: .whitespaces)
    if per.first?.isLetter == true { per = "1" + per }  // "95mg/cup" means per one cup
    guard let volume = try? AmountParser(defaultUnit: .milliliters).parse(per, allowLarge: true)
    else { throw .unreadableContent(text) }
    let content = milligrams / volume.milliliters * 100
    guard content.isFinite, content <= maximum else { throw .contentTooHigh(text) }
    return content
  }
}

/// Reads an amount of caffeine: `120mg`, `120 mg`, `0.1g`, `120` (milligrams).
public enum CaffeineAmount {
  /// The most caffeine one entry may carry: 1,200 mg at once is a dose EFSA calls dangerous.
  public static let maximum = 1200.0

  /// Milligrams, or nil when `text` is not an amount of caffeine (negative included).
  public static func milligrams(_ text: String) -> Double? {
    var rest = text.trimmingCharacters(in: .whitespaces).lowercased()
    var factor = 1.0
    for (suffix, scale) in [("mg", 1.0), ("g", 1000.0)] where rest.hasSuffix(suffix) {
      rest = String(rest.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
      factor = scale
      break
    }
    guard let value = Double(rest), value.isFinite, value >= 0 else { return nil }
    return value * factor
  }

  /// `--caffeine` for one entry.
  public static func parse(_ text: String) throws(CaffeineError) -> Double {
    guard let value = milligrams(text) else { throw .unreadableAmount(text) }
    return try check(value, as: text)
  }

  /// `value` mg when one entry may carry it (0 to ``maximum``); `text` names it in the error.
  public static func check(_ value: Double, as text: String) throws(CaffeineError) -> Double {
    guard value.isFinite, value >= 0 else { throw .unreadableAmount(text) }
    guard value <= maximum else { throw .amountTooHigh(text) }
    return value
  }
}

/// Hydration factors: how much of a drink's volume counts toward the goal.
public enum HydrationFactor {
  public static let range = 0.0...2.0

  public static func parse(_ text: String) throws(CaffeineError) -> Double {
    guard let value = Double(text.trimmingCharacters(in: .whitespaces)), range.contains(value)
    else { throw .badHydrationFactor(text) }
    return value
  }
}
