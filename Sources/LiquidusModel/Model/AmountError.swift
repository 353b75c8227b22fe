import Foundation

/// Why an amount typed by a person was refused.
public enum AmountError: LiquidusError, Equatable {
  /// The text is not a number followed by a known unit.
  case unreadable(String)
  /// The amount is zero or negative.
  case notPositive(String)
  /// The amount is infinite or not a number.
  case notFinite(String)
  /// The amount is larger than one plausible drink.
  case tooLarge(Volume, limit: Volume)
  /// Less than the smallest amount an entry keeps.
  case tooSmall(Volume, minimum: Volume)
  /// A separator that could be read two ways here (`1.500` where `.` is the decimal point).
  case ambiguous(String, readings: [Double])
  /// A daily goal outside the range a person could mean.
  case goalOutOfRange(Volume, range: ClosedRange<Volume>)
  /// A bare number below 10 where bare numbers are millilitres: litres were meant (`2.5`).
  case probablyLitres(String, value: Double)
  /// An amount that shows as nothing in the display unit (`0.01ml` would read "0 mL").
  case showsAsNothing(Volume, unit: VolumeUnit)

  /// The amount in whole millilitres, or "That amount" when it is too large to print.
  package static func amount(_ volume: Volume) -> String {
    if volume.milliliters >= 1e12 { return "That amount" }
    if volume.milliliters < 1 && volume.milliliters != 0 { return "\(volume.milliliters) mL" }
    return "\(Int(volume.milliliters.rounded())) mL"
  }

  /// `value` without a needless ".0".
  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  public var description: String {
    switch self {
    case .unreadable(let text):
      return "Cannot read the amount '\(text)'. Write a number and a unit, e.g. 250ml, 0.5 L, "
        + "8 fl oz or 1.5 cups (units: \(UnitTable.typedSpellingsDescription)), "
        + "or a bare number in your display unit."
    case .notPositive(let text):
      return "The amount '\(text)' is not more than zero."
    case .notFinite(let text):
      return "The amount '\(text)' is not a finite number. Write a number such as 250ml."
    case .tooLarge(let volume, let limit) where limit == AmountParser.absoluteLimit:
      return "\(Self.amount(volume)) is more than anyone drinks at once (the limit is "
        + "\(Int(limit.milliliters)) mL). Check the number and the unit."
    case .tooLarge(let volume, let limit):
      return "\(Self.amount(volume)) is more than \(Int(limit.milliliters)) mL "
        + "in one drink, which looks like a typo. Check the unit."
    case .tooSmall(let volume, let minimum):
      return "\(Self.amount(volume)) is less than \(minimum.milliliters) mL, the smallest amount "
        + "an entry keeps. Check the number and the unit."
    case .ambiguous(let text, let readings):
      // Whole numbers without ".0", but only where Int64 holds them: "1,000e300" has readings
      // far beyond it, and converting those would trap.
      let shown = readings.map {
        $0 == $0.rounded() && abs($0) < 1e15 ? String(Int64($0)) : String($0)
      }
      return "The amount '\(text)' could mean \(shown.joined(separator: " or ")). Write it "
        + "without the separator for the larger one (\(shown.last ?? "")) or with a decimal "
        + "point for the smaller (\(shown.first ?? ""))."
    case .goalOutOfRange(let goal, let range):
      let bound =
        goal < range.lowerBound
        ? "less than \(Int(range.lowerBound.milliliters)) mL"
        : "more than \(Int(range.upperBound.milliliters / 1000)) L"
      return "A daily goal of \(Self.amount(goal)) is \(bound). Give a goal such as 2000ml or 2.5l."
    case .probablyLitres(let text, let value):
      let number = text.trimmingCharacters(in: .whitespaces)
      return "'\(number)' without a unit is \(Self.number(value)) mL, which nobody drinks or "
        + "aims for: did you mean \(number) L? Write the unit, e.g. \(number)l."
    case .showsAsNothing(let volume, let unit):
      return "\(Self.amount(volume)) would show as 0 \(unit.symbol(for: 0)). Check the number "
        + "and the unit."
    }
  }
}
