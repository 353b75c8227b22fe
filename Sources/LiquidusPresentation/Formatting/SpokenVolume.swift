import Foundation
import LiquidusModel

/// Volumes written for the ear: "1.8 liters", "250 milliliters", "64 fluid ounces".
///
/// Screen readers say "mL" letter by letter, so spoken text spells units out, and large
/// millilitre amounts become litres with one decimal, as a person would say them.
public enum SpokenVolume {
  /// The volume in words, in (or near) `unit`.
  public static func text(_ volume: Volume, unit: VolumeUnit, locale: Locale) -> String {
    var shownUnit = unit
    var digits = 0
    switch unit {
    case .milliliters where volume.milliliters >= 1000:
      // Two decimals at most, so 1,950 mL is "1.95 liters", never a misleading "2 liters".
      shownUnit = .liters
      digits = 2
    case .milliliters: digits = 0
    case .liters: digits = 2
    case .usCups, .usFluidOunces: digits = 1
    }
    let value = volume.converted(to: shownUnit)
    let scale = pow(10, Double(digits))
    let rounded = (value * scale).rounded() / scale
    let number = VolumeFormatter.digits(
      rounded, fractionDigits: digits, grouping: locale.groupingSeparator ?? ",",
      decimal: locale.decimalSeparator ?? ".")
    return "\(number) \(shownUnit.spokenName(for: rounded))"
  }
}
