import Foundation
import Testing

/// The shipped sample year (Berlin, 2025-11-21 to 2026-11-20, both daylight-saving changes of
/// 2026 inside) with what a day's figures depend on set around it: goals and a limit changed
/// in the middle of the year, a goal that adds water for workouts, workouts (one on the
/// 23-hour day), a type whose hydration factor is not 1, an imported day with a source app and
/// a caffeine record that is no drink.
///
/// ``oracleConfig`` says the same settings to `Tests/Oracles/daily_oracle.py`.
struct SampleYear {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let now = "2026-11-20T19:00:00+01:00"
  static let zone = "Europe/Berlin"
  static let firstDay = "2025-11-21"
  static let lastDay = "2026-11-20"

  let cli: CLI

  init() throws {
    cli = try CLI(now: Self.now, timeZone: Self.zone)
    let sample = Self.root.appendingPathComponent("SampleData/year-of-drinks.csv").path
    let steps: [[String]] = [
      ["import", sample, "--quiet"],
      ["types", "hydration", "Juice", "0.9"],
      ["goal", "2l", "--from", "2025-11-01"],
      ["goal", "2.5l", "--from", "2026-03-01", "--per-workout", "250ml/30min"],
      ["goal", "--limit", "1.8l", "--from", "2026-07-01"],
      ["goal", "2l", "--from", "2026-09-01"],
      ["log-workout", "30min", "--at", "2026-03-29 10:00"],
      ["log-workout", "45min", "--at", "2026-04-10 07:00"],
      ["log-workout", "1h", "--at", "2026-08-01 18:00"],
    ]
    for step in steps {
      let result = try cli.run(step)
      try #require(result.status == 0, "\(step): \(result.stderr)")
    }
    let health = try ImportSupport.file(
      cli, "health.csv",
      """
      type,sourceName,sourceVersion,unit,creationDate,startDate,endDate,value
      HKQuantityTypeIdentifierDietaryCaffeine,Kitchen Scale,1,mg,2026-06-15 21:00:00 +0200,2026-06-15 21:00:00 +0200,2026-06-15 21:00:00 +0200,150
      HKQuantityTypeIdentifierDietaryWater,Cronometer,1,mL,2026-06-15 22:10:00 +0200,2026-06-15 22:10:00 +0200,2026-06-15 22:10:00 +0200,400

      """)
    let imported = try cli.run("import", health, "--quiet")
    try #require(imported.status == 0, "\(imported.stderr)")
  }

  /// The settings above, for the oracle.
  static let oracleConfig = """
    {"tz": "\(zone)", "now": "\(now)", "halfLifeHours": 5, "sleepLevelMg": 100,
     "goals": [
       {"from": "2025-11-01", "kind": "goal", "amount": 2000, "perWorkout": null},
       {"from": "2026-03-01", "kind": "goal", "amount": 2500, "perWorkout": [250, 30]},
       {"from": "2026-07-01", "kind": "limit", "amount": 1800, "perWorkout": null},
       {"from": "2026-09-01", "kind": "goal", "amount": 2000, "perWorkout": null}],
     "workouts": [
       {"start": "2026-03-29T10:00:00+02:00", "minutes": 30},
       {"start": "2026-04-10T07:00:00+02:00", "minutes": 45},
       {"start": "2026-08-01T18:00:00+02:00", "minutes": 60}]}
    """

  /// A CSV of simple cells (no quotes, as the day table is) as rows of named cells.
  static func table(_ csv: String) -> [[String: String]] {
    let lines = csv.split(separator: "\n").map(String.init)
    guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false)
    else { return [] }
    return lines.dropFirst().map { line in
      let cells = line.split(separator: ",", omittingEmptySubsequences: false)
      return Dictionary(
        uniqueKeysWithValues: zip(header, cells).map { (String($0), String($1)) })
    }
  }

  func cleanUp() { cli.cleanUp() }
}
