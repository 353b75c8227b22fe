/// The names apps give the files Liquidus reads, for finding them in a folder or zip of many
/// exports (``ExportBundle``), where a CSV header is no guide: half the files of a Takeout
/// archive would pass for a plain csv. The names themselves are the registry's
/// (``ImportFormatDescriptor``, `format(of:)`); this file is the part the fuzz targets compile.
public enum BundleFileNames {
  /// The names searched for, as the error for a folder or zip without any lists them; worded by
  /// hand, and held to the registry's names by `ImportFormatRegistryTests`.
  static let known =
    "export.xml (Apple Health, or an XML file holding <HealthData>), export zips of Apple"
    + " Health and Health Connect, com.samsung.health.water_intake.*.csv and"
    + " com.samsung.health.caffeine_intake.*.csv (Samsung Health),"
    + " raw_com.google.hydration*.json (Google Fit), health_connect_export.db (Health Connect),"
    + " servings.csv (Cronometer), HydrationLogFile_*.json (Garmin Connect)"

  /// Health Connect's database inside its export zip.
  static let healthConnectDatabase = "health_connect_export.db"

  /// Whether a path inside a folder or zip is one of the files Apple Health's export holds
  /// beside export.xml (its clinical document, routes, ECGs): part of an export already read,
  /// so not named among the files the import did not read.
  static func comesWithAppleHealth(_ path: String) -> Bool {
    let parts = path.split(separator: "/")
    return parts.last == "export_cda.xml"
      || parts.dropLast().contains { appleHealthFolders.contains(String($0)) }
  }

  private static let appleHealthFolders: Set = [
    "workout-routes", "electrocardiograms", "clinical-records",
  ]

  /// The first few of `paths` and how many more, for a sentence: `a.csv, b.txt and 12 more`.
  public static func someOf(_ paths: [String], first count: Int = 5) -> String {
    // A name may hold a line break; shown as a sign, it cannot forge a line of its own.
    let shown = paths.prefix(count).map { String($0.map { $0.isNewline ? "↵" : $0 }) }
      .joined(separator: ", ")
    return paths.count > count ? shown + " and \(paths.count - count) more" : shown
  }
}
