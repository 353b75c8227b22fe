/// The names apps give the files Liquidus reads, for finding them in a folder or zip of many
/// exports (``ExportBundle``), where a CSV header is no guide: half the files of a Takeout
/// archive would pass for a plain csv.
public enum BundleFileNames {
  /// The names searched for, as the error for a folder or zip without any lists them.
  static let known =
    "export.xml (Apple Health, or an XML file holding <HealthData>), export zips of Apple"
    + " Health and Health Connect, com.samsung.health.water_intake.*.csv and"
    + " com.samsung.health.caffeine_intake.*.csv (Samsung Health),"
    + " raw_com.google.hydration*.json (Google Fit), health_connect_export.db (Health Connect),"
    + " servings.csv (Cronometer), HydrationLogFile_*.json (Garmin Connect)"

  /// Health Connect's database inside its export zip.
  static let healthConnectDatabase = "health_connect_export.db"

  /// The format a file holds, judged by its name alone (any case); nil for names no app
  /// writes. `export.xml` is Apple Health's; other XML is decided by content.
  public static func format(of name: String) -> ImportFormat? {
    let lower = name.lowercased()
    if lower == healthConnectDatabase { return .healthConnect }
    if lower.hasSuffix(".csv"),
      SamsungHealthReader.dataTypes.contains(where: { lower.hasPrefix($0 + ".") })
    {
      return .samsungHealth
    }
    if lower.hasPrefix("raw_com.google.hydration") && lower.hasSuffix(".json") {
      return .googleFit
    }
    if lower == "servings.csv" { return .cronometer }
    if lower.hasPrefix("hydrationlogfile") && lower.hasSuffix(".json") { return .garmin }
    if lower == "export.xml" { return .appleHealth }
    return nil
  }
}
