import Foundation
import LiquidusModel

/// Writes volumes for people: `1,750 mL`, `1.75 L`, `59.2 fl oz`, `1 cup`.
///
/// Grouping and decimal separators come from the locale; the digits are produced here rather than
/// by `NumberFormatter`, which keeps `liquidus log` from paying ICU's set-up cost on every run.
public struct VolumeFormatter: Sendable {
  /// The unit amounts are written in.
  public var unit: VolumeUnit
  private let groupingSeparator: String
  private let decimalSeparator: String

  /// Creates a formatter for `unit` in `locale`.
  public init(unit: VolumeUnit, locale: Locale) {
    self.unit = unit
    self.groupingSeparator = locale.groupingSeparator ?? ","
    self.decimalSeparator = locale.decimalSeparator ?? "."
  }

  /// The amount with its unit symbol: `1,750 mL`.
  public func string(_ volume: Volume) -> String {
    let value = volume.converted(to: unit)
    return "\(number(value)) \(unit.symbol(for: rounded(value)))"
  }

  /// The amount in the unit, without a symbol: `1,750`.
  public func number(_ volume: Volume) -> String {
    number(volume.converted(to: unit))
  }

  /// The amount in the unit as a plain number for JSON and CSV, rounded to the shown precision.
  public func value(_ volume: Volume) -> Double {
    rounded(volume.converted(to: unit))
  }

  private func rounded(_ value: Double) -> Double {
    let scale = pow(10, Double(unit.fractionDigits))
    return (value * scale).rounded() / scale
  }

  /// A number with locale separators, at most the unit's fraction digits, no trailing zeros.
  func number(_ value: Double) -> String {
    Self.digits(
      rounded(value), fractionDigits: unit.fractionDigits, grouping: groupingSeparator,
      decimal: decimalSeparator)
  }

  /// Formats `value` with thousands grouping and up to `fractionDigits` decimals.
  static func digits(
    _ value: Double, fractionDigits: Int, grouping: String = ",", decimal: String = "."
  ) -> String {
    let scale = pow(10, Double(fractionDigits))
    let scaled = (abs(value) * scale).rounded()
    guard scaled.isFinite, scaled < 1e17 else { return String(value) }
    let whole = Int64(scaled / scale)
    var fraction = Int64(scaled) - whole * Int64(scale)
    var fractionText = ""
    if fractionDigits > 0 && fraction > 0 {
      var digits = fractionDigits
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let raw = String(fraction)
      fractionText = decimal + String(repeating: "0", count: digits - raw.count) + raw
    }
    var groups: [String] = []
    var rest = whole
    repeat {
      let group = rest % 1000
      rest /= 1000
      groups.append(rest > 0 ? ClockText.padded(Int(group), 3) : String(group))
    } while rest > 0
    let sign = value < 0 && scaled > 0 ? "-" : ""
    return sign + groups.reversed().joined(separator: grouping) + fractionText
  }
}
