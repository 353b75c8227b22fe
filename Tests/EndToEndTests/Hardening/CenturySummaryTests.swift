import Foundation
import Testing

/// A summary of a century (issue 41, item 5) once took 39 s with one drink in the database and
/// wrote 11 MB: each of its 36,525 day buckets searched every day of the period for its
/// exercise, so the time grew with the square of the days. It is linear now, and a range longer
/// than two years is shown by months, so an answer holds at most 1,201 buckets.
@Suite struct CenturySummaryTests {
  static let century = ["--from", "1926-11-21", "--to", "2026-11-20"]

  @Test(arguments: ["table", "json", "csv", "text"])
  func aCenturyIsSummarizedInSeconds(format: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let started = ContinuousClock.now
    let result = try cli.run(["summary"] + Self.century + ["--format", format])
    let took = ContinuousClock.now - started
    #expect(result.status == 0, "\(result.stderr)")
    // A few seconds in a debug build on a loaded machine (the first run also fills the day
    // cache); 60 s leaves room for more load, and is still far below the quadratic layout,
    // which took 39 s in a release build and minutes in a debug one.
    #expect(took < .seconds(60), "a century's summary as \(format) took \(took)")
    #expect(result.stdout.utf8.count < 1_000_000, "\(result.stdout.utf8.count) bytes")
  }

  @Test func aCenturyIsShownByItsMonthsTheFirstAndLastClipped() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let result = try cli.run(["summary"] + Self.century + ["--format", "json"])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let buckets = try #require(json["buckets"] as? [[String: Any]])
    #expect(buckets.count == 1_201)
    #expect(buckets.first?["label"] as? String == "Nov 21-30, 1926")
    #expect(buckets.dropFirst().first?["label"] as? String == "Dec 1926")
    #expect(buckets.last?["label"] as? String == "Nov 1-20, 2026")
    #expect((buckets.last?["total"] as? Double) == 250)
    let table = try cli.run(["summary"] + Self.century)
    #expect(table.stdout.contains("\nMonth "), "\(table.stdout.prefix(300))")
    #expect(table.stdout.contains("250 mL a month"), "\(table.stdout.suffix(600))")
  }

  @Test func twoYearsAreStillShownByDaysAndADayMoreByMonths() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    func buckets(from: String) throws -> [[String: Any]] {
      let result = try cli.run(
        "summary", "--from", from, "--to", "2026-11-20", "--format", "json")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      return try #require(json["buckets"] as? [[String: Any]])
    }
    // 2024-11-21 to 2026-11-20 is 730 days; a day earlier 731, the most shown by days.
    #expect(try buckets(from: "2024-11-20").count == 731)
    let longer = try buckets(from: "2024-11-19")
    #expect(longer.count == 25)
    #expect(longer.first?["label"] as? String == "Nov 19-30, 2024")
  }
}
