/// The size of every volume unit Liquidus knows, in millilitres: the one table that typed
/// amounts, shown amounts and every import format convert with.
///
/// The US and imperial units are the exact legal definitions, which HealthKit uses too, rather
/// than Foundation's `UnitVolume` (which rounds its coefficients to six digits and makes a cup
/// the 240 mL nutrition-label cup). A cup is the US customary cup, eight US fluid ounces,
/// 236.5882365 mL, whether it is typed (`1 cup`) or read from an export (`cup_us`).
public enum UnitTable {
  /// A centilitre, as on European bottles (`33cl`).
  public static let centilitre = 10.0
  /// A decilitre, as on Scandinavian and German glasses (`2 dl`).
  public static let decilitre = 100.0
  /// A US fluid ounce: 1/128 of a US gallon of 231 cubic inches.
  public static let usFluidOunce = 29.5735295625
  /// A US customary cup: 8 US fluid ounces.
  public static let usCup = 8 * usFluidOunce
  /// A US pint: 16 US fluid ounces.
  public static let usPint = 16 * usFluidOunce
  /// An imperial fluid ounce: 1/160 of an imperial gallon of 4.54609 L.
  public static let imperialFluidOunce = 28.4130625
  /// An imperial cup: 10 imperial fluid ounces.
  public static let imperialCup = 10 * imperialFluidOunce
  /// An imperial pint: 20 imperial fluid ounces.
  public static let imperialPint = 20 * imperialFluidOunce

  /// Millilitres per unit for a unit a person types after a number, beyond the display units
  /// (``VolumeUnit``): nil when the words name no unit.
  ///
  /// Spaces, points and case do not matter (`imp fl oz`, `UK fl. oz`, `33 cL`). A plain pint
  /// is the US pint, like a plain fluid ounce; the imperial ones are named `uk`, `imp` or
  /// `imperial`, so that the same words never mean two sizes.
  public static func typedUnitMilliliters(_ words: String) -> Double? {
    let key = words.lowercased().filter { !$0.isWhitespace && $0 != "." && $0 != "_" }
    if let display = VolumeUnit(parsing: key) { return display.milliliters }
    return typedSpellings[key]
  }

  /// The spellings of ``typedUnitMilliliters(_:)`` that are not display units.
  private static let typedSpellings: [String: Double] = {
    var table: [String: Double] = [:]
    for name in ["cl", "centilitre", "centilitres", "centiliter", "centiliters"] {
      table[name] = centilitre
    }
    for name in ["dl", "decilitre", "decilitres", "deciliter", "deciliters"] {
      table[name] = decilitre
    }
    for name in ["pt", "pint", "pints", "uspt", "uspint", "uspints"] { table[name] = usPint }
    for prefix in ["uk", "imp", "imperial"] {
      for name in ["pt", "pint", "pints"] { table[prefix + name] = imperialPint }
      for name in ["floz", "oz", "fluidounce", "fluidounces"] {
        table[prefix + name] = imperialFluidOunce
      }
    }
    return table
  }()

  /// The unit spellings a typed amount may end with, for messages.
  public static let typedSpellingsDescription =
    "ml, cl, dl, l, oz, fl oz, cup, cups, pint (US), uk pint, imp fl oz"
}
