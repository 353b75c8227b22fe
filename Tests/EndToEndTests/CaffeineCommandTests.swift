import Foundation
import Testing

/// Caffeine as a person meets it: logged with drinks, decaying in the body in real time across
/// clock changes, summed by day against the limit; bad input refused with nothing changed.
@Suite struct CaffeineCommandTests {
  private func json(_ cli: CLI, _ arguments: String...) throws -> [String: Any] {
    let result = try cli.run(arguments + ["--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  /// mg x 0.5^(hours / 5), computed here from UTC seconds, not by the code under test.
  private func decayed(_ milligrams: Double, hours: Double, halfLife: Double = 5) -> Double {
    milligrams * pow(0.5, hours / halfLife)
  }

  private func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

  @Test(arguments: [
    // (intake, now, real hours between them): the spring-forward day has 23 hours, so 01:00
    // CET to 06:00 CEST is 4 hours; the fall-back day has 25, so 01:30 CEST to 03:30 CET is 3.
    ("2026-03-29T01:00:00+01:00", "2026-03-29T06:00:00+02:00", 4.0),
    ("2026-10-25T01:30:00+02:00", "2026-10-25T03:30:00+01:00", 3.0),
    ("2026-11-20T08:00:00+01:00", "2026-11-20T14:00:00+01:00", 6.0),  // below 100 mg by now
  ])
  func theBodyClearsCaffeineInRealTimeAcrossClockChanges(
    intake: String, now: String, hours: Double
  ) throws {
    let cli = try CLI(now: now, timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    #expect(
      try cli.run("log", "coffee", "250ml", "--caffeine", "200mg", "--at", intake).status == 0)
    let report = try json(cli, "caffeine", "today")
    let inBody = decayed(200, hours: hours)
    #expect(report["inBodyMg"] as? Double == rounded(inBody))
    #expect(report["todayMg"] as? Double == 200)
    guard inBody > 100 else {
      #expect(report["belowSleepLevelAt"] is NSNull)
      return
    }
    // Below 100 mg after another 5 x log2(inBody / 100) hours.
    let below = try #require(report["belowSleepLevelAt"] as? String)
    let expected = ISO8601DateFormatter().date(from: now)!
      .addingTimeInterval(5 * 3600 * log2(inBody / 100))
    let stated = try #require(ISO8601DateFormatter().date(from: below))
    #expect(abs(stated.timeIntervalSince(expected)) < 1, "\(below)")
  }

  @Test func intakesAfterNowDoNotCountAndAnEditMovesOne() throws {
    let later = try CLI(now: "2026-11-20T13:00:00Z", timeZone: "Europe/Berlin")
    defer { later.cleanUp() }
    #expect(try later.run("log", "coffee", "250ml", "--at", "14:00").status == 0)  // 100 mg
    // The same database seen an hour earlier: the coffee has not happened yet.
    var earlier = later
    earlier.environment["LIQUIDUS_NOW"] = "2026-11-20T12:00:00Z"
    let before = try json(earlier, "caffeine", "today")
    #expect(before["inBodyMg"] as? Double == 0 && before["todayMg"] as? Double == 0)
    #expect(before["belowSleepLevelAt"] is NSNull)
    // Moved to 09:00: five hours have passed by 14:00.
    #expect(try later.run("edit", "1", "--at", "09:00").status == 0)
    let moved = try json(later, "caffeine", "today")
    #expect(moved["inBodyMg"] as? Double == rounded(decayed(100, hours: 5)))
  }

  @Test func daysAreSummedAgainstTheLimit() throws {
    let cli = try CLI(now: "2026-11-20T20:00:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    for (amount, caffeine, at) in [
      ("250ml", nil, "2026-11-16 08:00"),  // 100 mg from Coffee's 40 mg/100 mL
      ("500ml", "350mg", "2026-11-17 08:00"), ("250ml", "100mg", "2026-11-17 15:00"),
    ] as [(String, String?, String)] {
      let extra = caffeine.map { ["--caffeine", $0] } ?? []
      let result = try cli.run(["log", "coffee", amount, "--at", at] + extra)
      #expect(result.status == 0)
      // The entry that takes Tuesday over 400 mg says so, and still logs.
      #expect(result.stderr.contains("over your daily limit") == (at == "2026-11-17 15:00"))
    }
    let report = try json(cli, "caffeine", "week")
    let days = try #require(report["days"] as? [[String: Any]])
    #expect(days.map { $0["date"] as? String } == (15...21).map { "2026-11-\($0)" })
    #expect(days.map { $0["mg"] as? Double } == [0, 100, 450, 0, 0, 0, 0])
    #expect(report["daysOverLimit"] as? Int == 1)
    #expect(report["limitMg"] as? Double == 400 && report["halfLifeHours"] as? Double == 5)
    // The summary carries the same caffeine, per day bucket and per type.
    let summary = try json(cli, "summary", "week")
    let buckets = try #require(summary["buckets"] as? [[String: Any]])
    #expect(buckets.map { $0["caffeineMg"] as? Double } == [0, 100, 450, 0, 0, 0, 0])
    let byType = try #require(summary["byType"] as? [[String: Any]])
    #expect(byType.first { $0["type"] as? String == "Coffee" }?["caffeineMg"] as? Double == 550)
    #expect(summary["caffeineMg"] as? Double == 550)
    let csv = try cli.run("caffeine", "week", "--format", "csv").stdout
    #expect(csv.hasPrefix("date,mg\n2026-11-15,0\n2026-11-16,100\n2026-11-17,450\n"))
  }

  @Test func typesCarryCaffeineAndAnEntryKeepsWhatItWasLoggedWith() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("types", "add", "Espresso").status == 0)
    #expect(
      try cli.run("log", "espresso", "30ml", "--at", "08:00").stdout.contains("(64 mg caffeine)"))
    let changed = try cli.run("types", "caffeine", "Espresso", "63mg/30ml")
    #expect(changed.stdout.hasPrefix("Espresso now has 210 mg of caffeine per 100 mL"))
    #expect(
      try cli.run("log", "espresso", "30ml", "--at", "09:00").stdout.contains("(63 mg caffeine)"))
    let types = try cli.run("types", "--format", "json").stdout
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(types.utf8)) as? [[String: Any]])
    let espresso = try #require(rows.first { $0["name"] as? String == "Espresso" })
    #expect(espresso["caffeineMgPer100mL"] as? Double == 210)
    #expect(espresso["hydrationFactor"] as? Double == 1)
    // History stays: 63.6 mg (212 mg/100 mL when logged) and 63 mg.
    #expect(try json(cli, "caffeine", "today")["todayMg"] as? Double == 126.6)
  }

  @Test(
    arguments: [
      (["log", "coffee", "250ml", "--caffeine", "-5mg"], "Cannot read the caffeine '-5mg'"),
      (["log", "coffee", "250ml", "--caffeine", "lots"], "Cannot read the caffeine 'lots'"),
      (["types", "caffeine", "Coffee", "lots"], "Cannot read the caffeine content 'lots'"),
      (
        ["types", "hydration", "Coffee", "3"],
        "The hydration factor '3' is not a number from 0 to 2"
      ),
      (
        ["config", "--caffeine-half-life", "0"],
        "The half-life '0' is not a duration from 1h to 24h"
      ),
      (["config", "--caffeine-limit", "0mg"], "'0mg' is not an amount of caffeine from 1mg"),
    ] as [([String], String)])
  func badInputIsRefusedAndChangesNothing(arguments: [String], message: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let before =
      try cli.run("export", "--format", "json").stdout + cli.run("types").stdout
      + cli.run("config").stdout
    let result = try cli.run(arguments)
    #expect(result.status == 64, "\(arguments)")
    #expect(result.stderr.hasPrefix("error: \(message)"), "\(arguments): \(result.stderr)")
    let after =
      try cli.run("export", "--format", "json").stdout + cli.run("types").stdout
      + cli.run("config").stdout
    #expect(after == before)
  }
}

/// The report draws caffeine where the period has some, with the words beside it.
@Suite struct CaffeineReportTests {
  @Test func aDayDrawsTheBodyCurveAndAWeekTheDailyBars() throws {
    let cli = try CLI(now: "2026-11-20T13:00:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    #expect(try cli.run("log", "coffee", "250ml", "--at", "08:00").status == 0)  // 100 mg
    #expect(
      try cli.run("log", "coffee", "250ml", "--at", "09:00", "--caffeine", "150mg").status == 0)
    let out = cli.folder.appendingPathComponent("reports").path
    let day = try cli.run("report", "today", "--format", "svg,txt", "--out", out)
    #expect(day.status == 0, "\(day.stderr)")
    #expect(day.stdout.contains("day-2026-11-20-caffeine.svg"))
    let text = try String(contentsOfFile: out + "/day-2026-11-20.txt", encoding: .utf8)
    // 100 mg at 08:00 is 100 x 0.5^(1/5) = 87.06 mg at 09:00, plus 150: the peak, 237 mg.
    // From 237.06 mg it takes 5 x log2(2.3706) = 6.228 h to fall to 100 mg: 15:13.
    #expect(
      text.contains(
        "Line chart, Caffeine in the body over Nov 20, 2026, 2 intakes: 8:00 AM 100 milligrams; "
          + "9:00 AM 150 milligrams. The most in the body was 237 milligrams. A dashed line marks "
          + "the sleep level of 100 milligrams; it falls below it at 3:13 PM."), "\(text)")
    let svg = try String(contentsOfFile: out + "/day-2026-11-20-caffeine.svg", encoding: .utf8)
    #expect(svg.contains(">Caffeine in the body, Nov 20, 2026</title>"))
    let week = try cli.run("report", "week", "--format", "txt", "--out", out)
    #expect(week.status == 0)
    let words = try String(contentsOfFile: out + "/week-2026-11-15.txt", encoding: .utf8)
    #expect(
      words.contains(
        "Bar chart, Caffeine by day, 7 bars: Sunday, Nov 15th 0 milligrams; Monday, Nov 16th 0 "
          + "milligrams; Tuesday, Nov 17th 0 milligrams; Wednesday, Nov 18th 0 milligrams; "
          + "Thursday, Nov 19th 0 milligrams; Friday, Nov 20th 250 milligrams. A dashed line marks "
          + "the daily limit of 400 milligrams; no day went over it."), "\(words)")
  }

  @Test func aPeriodWithoutCaffeineDrawsNoCaffeineChart() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("log", "water", "250ml", "--at", "08:00").status == 0)
    let out = cli.folder.appendingPathComponent("reports").path
    let result = try cli.run("report", "week", "--format", "txt", "--out", out)
    let text = try String(contentsOfFile: out + "/week-2026-11-15.txt", encoding: .utf8)
    #expect(result.status == 0 && !text.contains("Caffeine"))
  }
}

/// Hydration: a type's factor decides how much of its volume counts toward the goal, and every
/// view of progress agrees.
@Suite struct HydrationTests {
  @Test func milkCountsOneAndAHalfTimesEverywhere() throws {
    let cli = try CLI(now: "2026-11-20T13:00:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    let added = try cli.run("types", "add", "Milk")
    #expect(added.status == 0)
    let types = try cli.run("types", "--format", "json").stdout
    #expect(types.contains("\"hydrationFactor\" : 1.5"), "\(types)")
    try cli.run("log", "water", "500ml", "--at", "08:00")
    // 500 mL of water and 1 L of milk: 1,500 mL drunk, 2,000 mL toward the goal.
    let logged = try cli.run("log", "milk", "1l", "--at", "09:00")
    #expect(
      logged.stdout
        == "Logged 1,000 mL of Milk at 9:00 AM · today 2,000 / 2,000 mL (100%, goal reached; "
        + "1,500 mL drunk)\n")
    let status = try cli.run("status").stdout
    #expect(status.hasPrefix("Today 2,000 / 2,000 mL (1,500 mL drunk)  100%"), "\(status)")
    let json = try cli.run("status", "--format", "json").stdout
    #expect(json.contains("\"goalMet\":true") && json.contains("\"hydration\":2000"), "\(json)")
    #expect(json.contains("\"total\":1500"))
    let summary = try cli.run("summary", "today", "--format", "json").stdout
    #expect(summary.contains("\"hydration\" : 2000") && summary.contains("\"total\" : 1500"))
    #expect(try cli.run("summary", "today").stdout.contains("Total    500  1,000  1,500    2,000"))
    #expect(
      try cli.run("due").stdout == "Goal reached: 2,000 / 2,000 mL. Nothing more is due today\n")
    // A factor of 0 counts nothing: the goal is no longer met.
    #expect(try cli.run("types", "hydration", "milk", "0").status == 0)
    #expect(try cli.run("status").stdout.hasPrefix("Today 500 / 2,000 mL (1,500 mL drunk)  25%"))
  }
}

/// Apple Health's caffeine records count as intakes, and one that a Food correlation groups
/// with a drink is that drink's caffeine, counted once.
@Suite struct HealthCaffeineTests {
  static let export = """
    <?xml version="1.0" encoding="UTF-8"?>
    <HealthData locale="en_US">
     <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Coffee Log" unit="mL" \
    startDate="2026-11-20 08:00:00 +0100" endDate="2026-11-20 08:00:00 +0100" value="250"/>
     <Record type="HKQuantityTypeIdentifierDietaryCaffeine" sourceName="Coffee Log" unit="mg" \
    startDate="2026-11-20 08:00:00 +0100" endDate="2026-11-20 08:00:00 +0100" value="95"/>
     <Record type="HKQuantityTypeIdentifierDietaryCaffeine" sourceName="Pill App" unit="mg" \
    startDate="2026-11-20 10:00:00 +0100" endDate="2026-11-20 10:00:00 +0100" value="50"/>
     <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="Coffee Log" \
    startDate="2026-11-20 08:00:00 +0100" endDate="2026-11-20 08:00:00 +0100">
      <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Coffee Log" unit="mL" \
    startDate="2026-11-20 08:00:00 +0100" endDate="2026-11-20 08:00:00 +0100" value="250"/>
      <Record type="HKQuantityTypeIdentifierDietaryCaffeine" sourceName="Coffee Log" unit="mg" \
    startDate="2026-11-20 08:00:00 +0100" endDate="2026-11-20 08:00:00 +0100" value="95"/>
     </Correlation>
    </HealthData>

    """

  @Test func aFoodCorrelationsCaffeineIsItsDrinksAndCountsOnce() throws {
    let cli = try CLI(now: "2026-11-20T12:00:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    let file = try ImportSupport.file(cli, "export.xml", Self.export)
    for run in 1...2 {
      let result = try cli.run("import", file)
      #expect(result.status == 0, "\(result.stderr)")
      // 95 mg with the coffee, 50 mg on its own: 145 mg, not 240, however often it is imported.
      let report = try #require(
        try JSONSerialization.jsonObject(
          with: Data(try cli.run("caffeine", "today", "--format", "json").stdout.utf8))
          as? [String: Any])
      #expect(report["todayMg"] as? Double == 145, "run \(run)")
      let export = ExportIDColumns.stripped(try cli.run("export").stdout)
      #expect(export.contains(",Water,250,mL,,Coffee Log,95\n"), "run \(run): \(export)")
    }
    #expect(try ImportSupport.count(cli, "caffeine") == 2)
    // Deleting the coffee takes its caffeine with it: 50 mg remain, not 145 or 95 + 50 again.
    #expect(try cli.run("delete", "1").status == 0)
    let after = try cli.run("caffeine", "today", "--format", "json").stdout
    #expect(after.contains("\"todayMg\" : 50"), "\(after)")
  }

  @Test func twoItemsOfOneMealEachKeepTheirOwnCaffeine() throws {
    // A coffee and a tea logged together: same time, same volume, different caffeine.
    func record(_ type: String, _ unit: String, _ value: String, indent: String = " ") -> String {
      "\(indent)<Record type=\"HKQuantityTypeIdentifier\(type)\" sourceName=\"Meal App\" "
        + "unit=\"\(unit)\" startDate=\"2026-11-20 08:00:00 +0100\" "
        + "endDate=\"2026-11-20 08:00:00 +0100\" value=\"\(value)\"/>\n"
    }
    func food(_ milligrams: String) -> String {
      " <Correlation type=\"HKCorrelationTypeIdentifierFood\" sourceName=\"Meal App\" "
        + "startDate=\"2026-11-20 08:00:00 +0100\" endDate=\"2026-11-20 08:00:00 +0100\">\n"
        + record("DietaryWater", "mL", "240", indent: "  ")
        + record("DietaryCaffeine", "mg", milligrams, indent: "  ") + " </Correlation>\n"
    }
    let xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
      + record("DietaryWater", "mL", "240") + record("DietaryWater", "mL", "240")
      + record("DietaryCaffeine", "mg", "95") + record("DietaryCaffeine", "mg", "47")
      + food("95") + food("47") + "</HealthData>\n"
    let cli = try CLI(now: "2026-11-20T12:00:00Z", timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    let file = try ImportSupport.file(cli, "meal.xml", xml)
    for _ in 1...2 {
      #expect(try cli.run("import", file).status == 0)
      let export = ExportIDColumns.stripped(try cli.run("export").stdout)
      // Two entries of one instant are written in the order of their ids (the same on every
      // device), whichever was read first.
      let lines = export.split(separator: "\n").dropFirst()
      #expect(
        lines.sorted() == [
          "2026-11-20T08:00:00+01:00,Water,240,mL,,Meal App,47",
          "2026-11-20T08:00:00+01:00,Water,240,mL,,Meal App,95",
        ], "\(export)")
      let caffeine = try cli.run("caffeine", "today", "--format", "json").stdout
      #expect(caffeine.contains("\"todayMg\" : 142"), "\(caffeine)")
    }
  }
}
