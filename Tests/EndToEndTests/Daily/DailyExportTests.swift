import Foundation
import Testing

/// The shape of `export --daily`: every day a row, in both formats, and refusals that say what
/// to type.
@Suite struct DailyExportTests {
  @Test func daysWithoutEntriesAreRowsOfZerosAndTodayIsNotComplete() throws {
    let cli = try CLI(now: "2026-11-05T12:00:00-05:00", timeZone: "America/New_York")
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "2026-10-31 23:30")
    try cli.run("log", "coffee", "200ml", "--at", "2026-11-01 01:30")  // the first 01:30 (EDT)
    try cli.run("log", "water", "500ml", "--at", "2026-11-05 08:00")
    let result = try cli.run("export", "--daily")
    #expect(result.status == 0, "\(result.stderr)")
    let rows = SampleYear.table(result.stdout)
    #expect(rows.map { $0["date"] ?? "" } == ["2026-10-31"] + (1...5).map { "2026-11-0\($0)" })
    let byDate = Dictionary(uniqueKeysWithValues: rows.map { ($0["date"] ?? "", $0) })
    #expect(byDate["2026-11-01"]?["day_hours"] == "25")
    #expect(byDate["2026-11-01"]?["utc_offset"] == "-04:00")
    #expect(byDate["2026-11-02"]?["utc_offset"] == "-05:00")
    #expect(byDate["2026-11-01"]?["first_drink"] == "01:30")
    #expect(byDate["2026-11-01"]?["night_ml"] == "200")
    #expect(byDate["2026-11-01"]?["caffeine_clear_at"].map { !$0.isEmpty } == true)
    #expect(byDate["2026-11-03"]?["total_ml"] == "0")
    #expect(byDate["2026-11-03"]?["drinks"] == "0")
    #expect(byDate["2026-11-03"]?["first_drink"] == "")
    #expect(byDate["2026-11-03"]?["longest_gap_min"] == "")
    #expect(byDate["2026-11-03"]?["goal_met"] == "false")
    #expect(byDate["2026-11-04"]?["complete"] == "true")
    #expect(byDate["2026-11-05"]?["complete"] == "false")
    #expect(byDate["2026-11-05"]?["water_ml"] == "500")
  }

  @Test func jsonHasTheSameColumnsInCamelCase() throws {
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "UTC")
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    try cli.run("log", "water", "300ml", "--at", "09:10")
    let csv = try cli.run("export", "--daily").stdout
    let json = try cli.run("export", "--daily", "--format", "json")
    #expect(json.status == 0, "\(json.stderr)")
    let objects = try json.jsonArray()
    let header = csv.prefix(while: { $0 != "\n" }).split(separator: ",").map(String.init)
    #expect(objects.count == 1)
    let day = try #require(objects.first)
    #expect(Set(day.keys) == Set(header.map(Self.camelCase)))
    #expect(json.stdout.contains(#"{"date":"2026-11-20","complete":false,"utcOffset":"+00:00""#))
    #expect(day["totalMl"] as? Double == 550)
    #expect(day["longestGapMin"] as? Int == 70)
    #expect(day["caffeineClearAt"] is NSNull)
    #expect(day["goalMet"] as? Bool == false)
  }

  @Test func byDrinkHasOneRowPerDayAndDrink() throws {
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "UTC")
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "2026-11-18 08:00")
    try cli.run("log", "coffee", "200ml", "--at", "2026-11-18 09:00")
    try cli.run("log", "water", "300ml", "--at", "2026-11-18 10:00")
    try cli.run("log", "coffee", "100ml", "--at", "2026-11-20 09:00")
    let result = try cli.run("export", "--daily", "--by-drink")
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "date,drink,ml,hydration_ml,entries,caffeine_mg")
    #expect(lines.count == 4)
    #expect(lines.contains("2026-11-18,Water,550,550,2,0"))
    #expect(lines.contains { $0.hasPrefix("2026-11-18,Coffee,200,200,1,") })
    #expect(lines.contains { $0.hasPrefix("2026-11-20,Coffee,100,100,1,") })
  }

  @Test func anEmptyDatabaseWritesTheHeaderOrAnEmptyArray() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let csv = try cli.run("export", "--daily")
    #expect(csv.status == 0)
    #expect(csv.stdout.split(separator: "\n").count == 1)
    #expect(csv.stdout.hasPrefix("date,complete,utc_offset,day_hours,total_ml,"))
    let json = try cli.run("export", "--daily", "--format", "json")
    #expect(json.stdout == "[]\n")
    // A range asked for is laid out even so: a participant who logged nothing shows.
    let window = try cli.run("export", "--daily", "--from", "2026-11-18", "--to", "2026-11-19")
    #expect(window.stdout.split(separator: "\n").count == 3)
  }

  @Test func daysAfterTodayAreNotWritten() throws {
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "UTC")
    defer { cli.cleanUp() }
    let result = try cli.run("export", "--daily", "--from", "2026-11-19", "--to", "2026-12-31")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      SampleYear.table(result.stdout).map { $0["date"] ?? "" } == ["2026-11-19", "2026-11-20"])
    let month = try cli.run("export", "--daily", "month")
    #expect(SampleYear.table(month.stdout).count == 20)
  }

  @Test(arguments: [
    (["export", "--by-drink"], "--by-drink goes with --daily"),
    (["export", "--daily", "--format", "fhir"], "--daily writes csv or json"),
    (["export", "--format", "fhir", "--subject", "123"], "give Patient/ID, Group/ID"),
    (["export", "--format", "fhir", "--subject", "Patient/a b"], "as Patient/123"),
    (["export", "--subject", "Patient/1"], "--subject goes with --format fhir"),
    (["export", "--daily", "--from", "1900-01-01", "--to", "2026-01-01"], "at most 100 years"),
    (["export", "--daily", "--from", "2026-13-01"], "2026-13-01"),
  ])
  func badRequestsAreRefusedWithWhatToType(arguments: [String], message: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml")
    let result = try cli.run(arguments)
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    #expect(result.stdout.isEmpty, "a refusal writes nothing")
  }

  static func camelCase(_ column: String) -> String {
    let words = column.split(separator: "_")
    return words.enumerated().map { $0 == 0 ? String($1) : $1.capitalized }.joined()
  }
}
