import Foundation

/// A unit a person reads and types volumes in.
///
/// Volumes are stored in millilitres; the unit only changes how they are shown and how a bare
/// number is read. Its size comes from ``UnitTable``, the one table of unit sizes that typing,
/// showing and importing all use, so a cup is the same size everywhere.
public enum VolumeUnit: String, Sendable, Hashable, Codable, CaseIterable {
  case milliliters = "mL"
  case liters = "L"
  case usFluidOunces = "fl oz"
  case usCups = "cup"

  /// How many millilitres one of this unit holds.
  public var milliliters: Double {
    switch self {
    case .milliliters: 1
    case .liters: 1000
    case .usFluidOunces: UnitTable.usFluidOunce
    case .usCups: UnitTable.usCup
    }
  }

  /// The short symbol shown after a number: `mL`, `L`, `fl oz`, `cups`.
  /// - Parameter value: the amount, so that one cup reads "cup" and two read "cups".
  public func symbol(for value: Double) -> String {
    switch self {
    case .usCups: abs(value - 1) < 0.005 ? "cup" : "cups"
    default: rawValue
    }
  }

  /// The name used in sentences meant to be spoken: "milliliters", "liters", "fluid ounces".
  public func spokenName(for value: Double) -> String {
    let singular = abs(value - 1) < 0.005
    switch self {
    case .milliliters: return singular ? "milliliter" : "milliliters"
    case .liters: return singular ? "liter" : "liters"
    case .usFluidOunces: return singular ? "fluid ounce" : "fluid ounces"
    case .usCups: return singular ? "cup" : "cups"
    }
  }

  /// How many fraction digits a shown amount gets: whole millilitres, hundredths of a litre.
  package var fractionDigits: Int {
    switch self {
    case .milliliters: 0
    case .liters: 2
    case .usFluidOunces: 1
    case .usCups: 2
    }
  }

  /// Reads a unit as people write it: `ml`, `mL`, `l`, `L`, `oz`, `fl oz`, `cup`, `cups`, ...
  ///
  /// - Returns: nil when the text names no unit Liquidus knows.
  public init?(parsing text: String) {
    let key = text.lowercased().filter { !$0.isWhitespace && $0 != "." && $0 != "_" }
    switch key {
    case "ml", "millilitre", "millilitres", "milliliter", "milliliters": self = .milliliters
    case "l", "litre", "litres", "liter", "liters": self = .liters
    case "oz", "floz", "flozus", "fluidounce", "fluidounces", "ounce", "ounces":
      self = .usFluidOunces
    case "cup", "cups", "c": self = .usCups
    default: return nil
    }
  }

  /// The spellings `init(parsing:)` accepts, for error messages.
  public static let acceptedSpellings = "ml, l, oz, fl oz, cup, cups"
}
