import Foundation
import LiquidusModel

/// `goal suggest`: each figure with its arithmetic and its source, and the reminder that a
/// doctor's figure wins.
///
/// ```
/// Daily goals from reference values (what to drink; food supplies the rest):
///   EFSA 2010, women:   1,600 mL = 80% of 2,000 mL total water
///   NASEM 2004, women:  2,200 mL of 2,700 mL total water
///   By weight, 60 kg:   1,950 mL = 60 kg x 32.5 mL/kg (30-35 mL/kg: 1,800-2,100 mL)
/// A figure from your doctor wins over all of these.
/// ```
public struct GoalSuggestionText: Sendable {
  public var suggestion: GoalSuggestion
  public var unit: VolumeUnit
  public var locale: Locale

  public init(suggestion: GoalSuggestion, unit: VolumeUnit, locale: Locale) {
    self.suggestion = suggestion
    self.unit = unit
    self.locale = locale
  }

  public func render() -> String {
    let formatter = VolumeFormatter(unit: unit, locale: locale)
    var rows: [(String, String)] = []
    for figure in suggestion.figures {
      rows.append((label(figure), arithmetic(figure, formatter)))
    }
    let width = rows.map(\.0.count).max() ?? 0
    var lines = ["Daily goals from reference values (what to drink; food supplies the rest):"]
    lines += rows.map {
      "  " + $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1
    }
    if suggestion.figures.contains(where: \.clamped) {
      lines.append("Figures are kept within 1,000-4,000 mL a day.")
    }
    lines.append(
      "A figure from your doctor wins over all of these (for heart failure or dialysis, a "
        + "daily limit).")
    return lines.joined(separator: "\n")
  }

  private func label(_ figure: GoalSuggestion.Figure) -> String {
    switch figure.source {
    case .efsa: "EFSA 2010, \(figure.basis):"
    case .nasem: "NASEM 2004, \(figure.basis):"
    case .weight: "By weight, \(Self.kilograms(suggestion.weightKg ?? 0)) kg:"
    }
  }

  private func arithmetic(_ figure: GoalSuggestion.Figure, _ formatter: VolumeFormatter)
    -> String
  {
    let drinks = formatter.string(figure.drinks)
    switch figure.source {
    case .efsa:
      return "\(drinks) = 80% of \(formatter.string(figure.totalWater ?? .zero)) total water"
    case .nasem:
      return "\(drinks) of \(formatter.string(figure.totalWater ?? .zero)) total water"
    case .weight:
      let kg = Self.kilograms(suggestion.weightKg ?? 0)
      guard let range = figure.range else { return "\(drinks) = \(kg) kg x 25 mL/kg (over 75)" }
      return "\(drinks) = \(kg) kg x 32.5 mL/kg (30-35 mL/kg: "
        + "\(formatter.number(Volume(milliliters: range.lowerBound)))-"
        + "\(formatter.string(Volume(milliliters: range.upperBound))))"
    }
  }

  /// `70`, or `69.9` for a weight given in pounds.
  static func kilograms(_ kg: Double) -> String {
    kg == kg.rounded() ? String(Int(kg)) : String(format: "%.1f", kg)
  }
}
