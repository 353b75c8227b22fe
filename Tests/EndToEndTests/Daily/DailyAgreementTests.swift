import Foundation
import Testing

/// Every figure of `export --daily` is the one `status`, `summary` and `caffeine` give for the
/// same day: a study's table and a person's screen never disagree.
@Suite struct DailyAgreementTests {
  /// The 23- and 25-hour days, a workout under a goal that counts it, a limit day, a day with
  /// a caffeine record and a source app, an ordinary coffee day and today.
  static let days = [
    "2026-03-29", "2026-10-25", "2026-04-10", "2026-08-01", "2026-06-15", "2026-01-14",
    "2026-11-20",
  ]

  @Test func daysAgreeWithStatusSummaryAndCaffeine() throws {
    let year = try SampleYear()
    defer { year.cleanUp() }
    let exported = try year.cli.run("export", "--daily", "--from", "2026-01-01")
    try #require(exported.status == 0, "\(exported.stderr)")
    let rows = Dictionary(
      uniqueKeysWithValues: SampleYear.table(exported.stdout).map { ($0["date"] ?? "", $0) })
    for day in Self.days {
      let row = try #require(rows[day], "no row for \(day)")
      let number = { (column: String) in Double(row[column] ?? "") ?? .nan }
      // The end of the day, or now for today: what status shows once the day is done.
      let endOfDay = day == "2026-11-20" ? SampleYear.now : "\(day)T23:59:59" + Self.offset(row)
      let status = try year.cli.run(
        "status", "--format", "json", extraEnvironment: ["LIQUIDUS_NOW": endOfDay]
      ).jsonObject()
      #expect(status["date"] as? String == day)
      #expect(abs((status["total"] as? Double ?? -1) - number("total_ml")) < 0.011, "\(day)")
      #expect(abs((status["hydration"] as? Double ?? -1) - number("hydration_ml")) < 0.011)
      #expect(abs((status["goal"] as? Double ?? -1) - number("goal_ml")) < 0.011, "\(day)")
      #expect(status["goalKind"] as? String == row["goal_kind"])
      #expect((status["goalMet"] as? Bool).map { $0 ? "true" : "false" } == row["goal_met"])
      #expect(status["percent"] as? Int == Int(number("percent_of_goal").rounded()), "\(day)")
      #expect(abs((status["caffeineTodayMg"] as? Double ?? -1) - number("caffeine_mg")) < 0.051)

      let summary = try year.cli.run("summary", day, "--format", "json").jsonObject()
      #expect(abs((summary["total"] as? Double ?? -1) - number("total_ml")) < 0.011, "\(day)")

      let caffeine = try year.cli.run("caffeine", day, "--format", "json").jsonObject()
      let caffeineDays = try #require(caffeine["days"] as? [[String: Any]])
      #expect(
        abs((caffeineDays.first?["mg"] as? Double ?? -1) - number("caffeine_mg")) < 0.051,
        "\(day)")
    }
  }

  /// Every day of the sample year against the day buckets of one `summary` over the same
  /// range: total, hydration, goal, verdict and caffeine, and each drink's millilitres against
  /// the by-drink table.
  @Test func everyDayOfTheYearAgreesWithTheSummarysDays() throws {
    let year = try SampleYear()
    defer { year.cleanUp() }
    let range = ["--from", SampleYear.firstDay, "--to", SampleYear.lastDay]
    let rows = SampleYear.table(try year.cli.run(["export", "--daily"] + range).stdout)
    let drinks = SampleYear.table(
      try year.cli.run(["export", "--daily", "--by-drink"] + range).stdout)
    let summary = try year.cli.run(["summary"] + range + ["--format", "json"]).jsonObject()
    let buckets = try #require(summary["buckets"] as? [[String: Any]])
    try #require(buckets.count == 365 && rows.count == 365)
    var differences: [String] = []
    for (row, bucket) in zip(rows, buckets) {
      let date = row["date"] ?? ""
      let pairs: [(String, String, Double)] = [
        ("total_ml", "total", 0.011), ("hydration_ml", "hydration", 0.011),
        ("goal_ml", "goal", 0.011), ("caffeine_mg", "caffeineMg", 0.051),
      ]
      for (column, key, tolerance) in pairs {
        let ours = Double(row[column] ?? "") ?? .nan
        let theirs = bucket[key] as? Double ?? .nan
        if !(abs(ours - theirs) <= tolerance) {
          differences.append("\(date) \(column) \(ours), summary \(theirs)")
        }
      }
      if (bucket["goalMet"] as? Bool).map({ $0 ? "true" : "false" }) != row["goal_met"] {
        differences.append("\(date) goal_met")
      }
      let byType = bucket["byType"] as? [String: Double] ?? [:]
      let ours = drinks.filter { $0["date"] == date }
      for (type, total) in byType where total > 0 {
        let row = ours.first { $0["drink"] == type }
        if abs((Double(row?["ml"] ?? "") ?? -1) - total) > 0.011 {
          differences.append("\(date) \(type) \(row?["ml"] ?? "none"), summary \(total)")
        }
      }
      if ours.count != byType.filter({ $0.value > 0 }).count {
        differences.append("\(date) by-drink rows \(ours.count), summary \(byType.count)")
      }
    }
    #expect(differences.isEmpty, "\(differences.prefix(20).joined(separator: "\n"))")
  }

  /// `caffeine` asked at the moment of a day's last coffee says when the body falls below the
  /// sleep level: the day table's `caffeine_clear_at` is that time on the day's clock.
  @Test func caffeineClearsWhenTheCaffeineCommandSays() throws {
    let year = try SampleYear()
    defer { year.cleanUp() }
    let rows = SampleYear.table(try year.cli.run("export", "--daily", "2026-04").stdout)
    var checked = 0
    for row in rows.prefix(10) {
      let day = row["date"] ?? ""
      let entries = try year.cli.run("export", day, "--format", "json").jsonArray()
      guard let last = entries.last(where: { ($0["caffeineMg"] as? Double ?? 0) > 0 }),
        let instant = last["date"] as? String
      else {
        #expect(row["caffeine_clear_at"] == "", "\(day) has no caffeine")
        continue
      }
      let caffeine = try year.cli.run(
        "caffeine", "today", "--format", "json", extraEnvironment: ["LIQUIDUS_NOW": instant]
      ).jsonObject()
      let below = (caffeine["belowSleepLevelAt"] as? String) ?? instant
      #expect(row["caffeine_clear_at"] == Self.clock(below, on: day), "\(day)")
      checked += 1
    }
    #expect(checked >= 5)
  }

  /// `2026-04-11T01:07:00+02:00` on the clock of 2026-04-10: `25:07`.
  static func clock(_ instant: String, on day: String) -> String {
    let date = String(instant.prefix(10))
    let hours = Int(instant.dropFirst(11).prefix(2)) ?? 0
    let minutes = String(instant.dropFirst(14).prefix(2))
    let later = date == day ? 0 : 24
    let shown = hours + later
    return (shown < 10 ? "0" : "") + "\(shown):\(minutes)"
  }

  private static func offset(_ row: [String: String]) -> String {
    // The offset at the day's end is the one at its start except on a change day, whose end
    // lies after the change: Berlin is +01:00 in winter and +02:00 in summer.
    let date = row["date"] ?? ""
    if date == "2026-03-29" { return "+02:00" }
    if date == "2026-10-25" { return "+01:00" }
    return row["utc_offset"] ?? "+00:00"
  }
}
