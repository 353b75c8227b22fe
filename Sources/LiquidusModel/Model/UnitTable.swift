/// The size of every volume unit Liquidus knows, in millilitres: the one table that typed
/// amounts, shown amounts and every import format convert with.
///
/// The US and imperial units are the exact legal definitions, which HealthKit uses too, rather
/// than Foundation's `UnitVolume` (which rounds its coefficients to six digits and makes a cup
/// the 240 mL nutrition-label cup). A cup is the US customary cup, eight US fluid ounces,
/// 236.5882365 mL, whether it is typed (`1 cup`) or read from an export (`cup_us`).
public enum UnitTable {
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
}
