import LiquidusModel

/// Unit strings of the import formats and their size in millilitres (or milligrams).
///
/// The sizes are ``UnitTable``'s, the one table every part of Liquidus converts with; this
/// only maps the spellings of the files onto them.
enum VolumeUnits {
  static let fluidOunceUS = UnitTable.usFluidOunce
  static let fluidOunceImperial = UnitTable.imperialFluidOunce
  static let cupUS = UnitTable.usCup
  static let cupImperial = UnitTable.imperialCup
  static let pintUS = UnitTable.usPint
  static let pintImperial = UnitTable.imperialPint

  /// HealthKit's unit strings, matched exactly (as in export.xml and converter CSVs).
  static let healthKit: [String: Double] = [
    "mL": 1, "L": 1000, "dL": 100, "cL": 10,
    "fl_oz_us": fluidOunceUS, "fl_oz_imp": fluidOunceImperial,
    "cup_us": cupUS, "cup_imp": cupImperial, "pt_us": pintUS, "pt_imp": pintImperial,
  ]

  /// Extra spellings people type in a plain csv, matched case-insensitively.
  private static let lenientExtras: [String: Double] = [
    "ml": 1, "l": 1000, "dl": 100, "cl": 10,
    "fl oz": fluidOunceUS, "fl. oz": fluidOunceUS, "fl oz us": fluidOunceUS, "floz": fluidOunceUS,
    "oz": fluidOunceUS, "cup": cupUS, "cups": cupUS, "pt": pintUS, "pint": pintUS,
    "pints": pintUS, "milliliters": 1, "millilitres": 1, "liters": 1000, "litres": 1000,
  ]

  private static let lenient: [String: Double] = {
    var table = lenientExtras
    for (name, factor) in healthKit { table[name.lowercased()] = factor }
    return table
  }()

  /// Milligrams per unit for caffeine.
  static let caffeine: [String: Double] = ["mg": 1, "g": 1000, "mcg": 0.001, "µg": 0.001]

  /// The HealthKit spellings, for "expected one of" messages.
  static let healthKitNames = "mL, L, dL, cL, fl_oz_us, fl_oz_imp, cup_us, cup_imp, pt_us, pt_imp"
  static let lenientNames =
    "mL, L, dL, cL, fl oz, oz, cup, pt (US sizes), or HealthKit's fl_oz_imp, cup_imp, pt_imp"

  /// Millilitres per unit for an exact HealthKit unit string, falling back to lenient spelling.
  static func milliliters(healthKitUnit unit: String) -> Double? {
    healthKit[unit] ?? lenient[unit.lowercased()]
  }

  /// ``milliliters(lenientUnit:)-(String)`` for bytes, the common spellings without a String.
  static func milliliters(lenientUnit unit: ByteSpan) -> Double? {
    if unit.equals("mL") || unit.equals("ml") { return 1 }
    if unit.equals("fl_oz_us") { return fluidOunceUS }
    if unit.equals("L") || unit.equals("l") { return 1000 }
    return milliliters(lenientUnit: unit.string)
  }

  /// Millilitres per unit for a unit typed by a person (case-insensitive, common aliases).
  static func milliliters(lenientUnit unit: String) -> Double? {
    let key = unit.trimmingSpaces.lowercased()
    return lenient[key]
  }
}

extension String {
  /// Without surrounding spaces/tabs, without Foundation's character-set machinery.
  var trimmingSpaces: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
