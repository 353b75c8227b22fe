import LiquidusModel

/// A file layout that `liquidus import` understands.
///
/// The raw value is the name used on the command line (`--format health-csv`).
public enum ImportFormat: String, Sendable, CaseIterable, Codable {
  /// Apple Health's `export.xml`, or the `export.zip` the Health app shares.
  case appleHealth = "apple-health"
  /// One row per HealthKit record, as written by Apple-Health-to-CSV converters.
  case healthCSV = "health-csv"
  /// The wide layout of the Health Auto Export app: a date column, then one column per metric.
  case healthAutoExport = "health-auto-export"
  /// The WaterMinder app's CSV export.
  case waterminder
  /// Samsung Health's `com.samsung.health.water_intake.*.csv` and `caffeine_intake.*.csv`.
  case samsungHealth = "samsung-health"
  /// Cronometer's `servings.csv`.
  case cronometer
  /// Google Fit's hydration data from Google Takeout (`raw_com.google.hydration_*.json`).
  case googleFit = "google-fit"
  /// Garmin Connect's `HydrationLogFile_*.json` from its account data export.
  case garmin
  /// Android Health Connect's export: `health_connect_export.db`, or the zip holding it.
  case healthConnect = "health-connect"
  /// A plain `date,drink,amount,unit[,note,source]` CSV, also Liquidus's own export layout.
  case csv

  /// A one-line description of the layout, used in error messages that list the formats.
  public var layoutDescription: String {
    switch self {
    case .appleHealth:
      "export.xml or export.zip (apple_health_export/export.xml)"
    case .healthCSV:
      "header type,sourceName,sourceVersion,unit,creationDate,startDate,endDate,value"
        + " (or sourceName,sourceVersion,device,type,unit,...)"
    case .healthAutoExport:
      "header Date (or Date/Time) then metric columns such as \"Dietary Water (mL)\""
    case .waterminder:
      "header Drink Type,Cup Name,Hydration Value(ml),Water Value(ml),Date,Time,..."
    case .samsungHealth:
      "com.samsung.health.water_intake.*.csv or caffeine_intake.*.csv (line 1 the data type,"
        + " then start_time,amount,...)"
    case .cronometer:
      "header Day,Time,Group,Food Name,Amount,... (Cronometer's servings.csv)"
    case .googleFit:
      "Takeout/Fit/All Data/raw_com.google.hydration_*.json (a JSON object with \"Data Points\")"
    case .garmin:
      "DI_CONNECT/DI-Connect-Aggregator/HydrationLogFile_*.json (a JSON array with valueInML)"
    case .healthConnect:
      "Health Connect's export zip, or the health_connect_export.db (SQLite) inside it"
    case .csv:
      "header date,drink,amount,unit (optional note,source)"
    }
  }
}
