import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import Testing

/// `summary` in each format against a real database, with now and the zone pinned.
@Suite struct SummaryCommandTests {
  /// A New York week holding the fall-back night (Nov 1, 2026 has 25 hours).
  private func dstWeek() throws -> CLI {
    let cli = try CLI(now: "2026-11-06T17:00:00Z", timeZone: "America/New_York")
    let entries: [[String]] = [
      ["water", "1500ml", "2026-11-01T01:30:00-04:00"],  // the first 01:30 (EDT)
      ["water", "600ml", "2026-11-01T01:30:00-05:00"],  // the second 01:30 (EST)
      ["coffee", "300ml", "2026-11-02 08:00"],
      ["water", "2l", "2026-11-03 12:00"],
      ["juice", "250ml", "2026-11-03 13:00"],
      ["water", "500ml", "2026-10-27 09:00"],  // the week before
    ]
    for entry in entries {
      let result = try cli.run(["log", entry[0], entry[1], "--at", entry[2]])
      #expect(result.status == 0, "\(result.stderr)")
    }
    return cli
  }

  @Test func tableShowsBucketsTypesGoalMarksAndChange() throws {
    let cli = try dstWeek()
    defer { cli.cleanUp() }
    let result = try cli.run("summary", "week")
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(lines[0] == "Nov 1-7, 2026  (amounts in mL)")
    #expect(lines[2].hasPrefix("Day") && lines[2].contains("Water  Coffee  Juice  Total  Goal"))
    #expect(
      lines.contains { $0.hasPrefix("Sun Nov 1") && $0.contains("2,100") && $0.hasSuffix("✓") })
    #expect(lines.contains { $0.hasPrefix("Tue Nov 3") && $0.contains("2,250") })
    #expect(lines.contains { $0.hasPrefix("Total") && $0.contains("4,650") })
    #expect(result.stdout.contains("Goal 2,000 mL reached on 2 of 6 days"))
    // Six days begun (Nov 1-6) against the same six of the week before (Oct 25-30), which
    // began on Tuesday Oct 27: 4,650 / 6 = 775 mL a day against 500 / 4 = 125, +520%.
    #expect(
      result.stdout.contains(
        "Previous: Oct 25-31, 2026 500 mL · change +520% against its first 6 days (500 mL), "
          + "a day, counted from the first entry"), "\(result.stdout)")
    #expect(!result.stdout.contains("\u{1B}["), "no colour when piped")
  }

  @Test func jsonHasTheDesignShapeWithOffsetsAcrossTheDSTChange() throws {
    let cli = try dstWeek()
    defer { cli.cleanUp() }
    let result = try cli.run("summary", "week", "--format", "json")
    #expect(result.status == 0, "\(result.stderr)")
    let json = try JSONDecoder().decode(TrendReport.JSON.self, from: Data(result.stdout.utf8))
    #expect(json.period.kind == "week" && json.period.label == "Nov 1-7, 2026")
    #expect(json.period.spokenLabel == "Nov 1st to 7th, 2026")
    #expect(json.period.start == "2026-11-01T00:00:00-04:00")
    #expect(json.period.end == "2026-11-08T00:00:00-05:00")
    #expect(json.unit == "mL" && json.goal == 2000 && json.total == 4650)
    #expect(json.buckets.count == 7)
    #expect(json.buckets[0].byType == ["Water": 2100] && json.buckets[0].goalMet == true)
    #expect(json.buckets[1].end == "2026-11-03T00:00:00-05:00")
    #expect(json.byType.map(\.type) == ["Water", "Coffee", "Juice"])
    #expect(abs(json.byType.map(\.share).reduce(0, +) - 100) < 0.2)
    #expect(json.previous?.total == 500 && json.change == 520)
    #expect(json.previous?.comparedDays == 6 && json.previous?.perDay == true)
    #expect(json.streaks.goalDays == 2 && json.streaks.longest == 1)
  }

  @Test func theDSTDayHasTwentyFiveHoursAndBothOneThirtiesCount() throws {
    let cli = try dstWeek()
    defer { cli.cleanUp() }
    let result = try cli.run("summary", "2026-11-01", "--format", "json")
    let json = try JSONDecoder().decode(TrendReport.JSON.self, from: Data(result.stdout.utf8))
    #expect(json.buckets.count == 25)
    #expect(json.buckets.filter { $0.total > 0 }.map(\.total) == [1500, 600])
    #expect(json.buckets.filter { $0.total > 0 }.map(\.label) == ["1 AM EDT", "1 AM EST"])
  }

  @Test func csvHasOneRowPerBucketAndType() throws {
    let cli = try dstWeek()
    defer { cli.cleanUp() }
    let result = try cli.run("summary", "week", "--format", "csv")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines[0]
        == "bucket_start,bucket_end,bucket,drink,amount,unit,share_of_bucket,bucket_total,goal_met")
    #expect(lines.count == 1 + 7 * 3)
    #expect(
      lines[1]
        == "2026-11-01T00:00:00-04:00,2026-11-02T00:00:00-05:00,\"Nov 1, 2026\",Water,2100,mL,100,2100,yes"
    )
  }

  @Test func textIsWrittenForTheEar() throws {
    let cli = try dstWeek()
    defer { cli.cleanUp() }
    let result = try cli.run("summary", "week", "--format", "text")
    #expect(result.status == 0)
    let text = result.stdout
    #expect(
      text.hasPrefix(
        "Nov 1st to 7th, 2026. You drank 4.65 liters, 775 milliliters a day on average."))
    #expect(text.contains("You reached your 2 liter goal on 2 of 6 days."))
    #expect(text.contains("The most was 2.25 liters on Tuesday, Nov 3rd"))
    #expect(text.contains("By drink: Water 88 percent, Coffee 6 percent, Juice 5 percent."))
    #expect(
      text.contains(
        "That is 520 percent more a day, counted from your first entry, than the first 6 days "
          + "of the previous week (500 milliliters)."), "\(text)")
    #expect(text.contains("\nSunday, Nov 1st: 2.1 liters, goal reached.\n"))
    #expect(!text.contains("mL"), "units are spelled out for screen readers")
  }

  @Test func typeFilterAndCustomRange() throws {
    let cli = try dstWeek()
    defer { cli.cleanUp() }
    let result = try cli.run(
      "summary", "--from", "2026-11-02", "--to", "2026-11-03", "--type", "water", "--format", "json"
    )
    let json = try JSONDecoder().decode(TrendReport.JSON.self, from: Data(result.stdout.utf8))
    #expect(json.period.kind == "range" && json.buckets.count == 2 && json.total == 2000)
    #expect(json.byType.map(\.type) == ["Water"])
  }

  @Test(arguments: ["summary", "list", "export", "report"])
  func fromAndToGoTogetherAndReplaceThePeriod(command: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    // `export` reads an open range (from a day on, or up to it): a study's window may have
    // one end only.
    if command != "export" {
      let half = try cli.run(command, "--from", "2026-11-01")
      #expect(half.status == 64 && half.stderr.contains("Give both --from and --to"))
    }
    let both = try cli.run(command, "week", "--from", "2026-11-01", "--to", "2026-11-02")
    #expect(both.status == 64 && both.stderr.contains("not both"))
  }

  @Test func exportTakesFromOrToAlone() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "2026-10-30 08:00")
    try cli.run("log", "water", "300ml", "--at", "2026-11-02 08:00")
    let from = try cli.run("export", "--from", "2026-11-01")
    #expect(
      from.status == 0 && from.stdout.contains(",Water,300,") && !from.stdout.contains(",250,"))
    let to = try cli.run("export", "--to", "2026-10-31")
    #expect(to.status == 0 && to.stdout.contains(",Water,250,") && !to.stdout.contains(",300,"))
  }

  @Test func aBadPeriodListsTheAcceptedForms() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("summary", "fortnight")
    #expect(result.status == 64)
    #expect(
      result.stderr.contains("Unknown period 'fortnight'") && result.stderr.contains("half-year"))
  }

  @Test func todayIsComparedWithYesterdayUntilTheSameTimeOnTheChosenClock() throws {
    // Yesterday 500 mL at 08:00 and 1,500 at 20:00; today 600 by 10:00 (now). Against
    // yesterday until 10:00 (500 mL): +20%, where all of yesterday (2,000) said -70%.
    let cli = try CLI(now: "2026-11-20T10:00:00Z", timeZone: "UTC")
    defer { cli.cleanUp() }
    for (amount, at) in [
      ("500ml", "2026-11-19 08:00"), ("1500ml", "2026-11-19 20:00"), ("600ml", "2026-11-20 09:30"),
    ] {
      #expect(try cli.run("log", "water", amount, "--at", at).status == 0)
    }
    #expect(try cli.run("config", "--clock", "24h").status == 0)
    let table = try cli.run("summary", "today").stdout
    #expect(
      table.contains("2,000 mL · change +20% against yesterday until 10:00 (500 mL)"), "\(table)")
    let text = try cli.run("summary", "today", "--format", "text").stdout
    #expect(
      text.contains("That is 20 percent more than yesterday until 10:00 (500 milliliters)."),
      "\(text)")
    let result = try cli.run("summary", "today", "--format", "json")
    let json = try JSONDecoder().decode(TrendReport.JSON.self, from: Data(result.stdout.utf8))
    #expect(json.change == 20 && json.previous?.total == 2000)
    #expect(json.previous?.comparedUntil == "2026-11-19T10:00:00Z")
    #expect(json.previous?.comparedTotal == 500 && json.previous?.comparedDays == nil)
  }
}
