import Foundation
import Testing

/// Caffeine past what `log --caffeine` takes (about 9.2e18 mg made `Int(value.rounded())` trap
/// in every view): imports refuse it row by row, and a database that holds one anyway (written
/// before imports checked, or by hand) still shows every view.
@Suite struct StoredNumberTests {
  /// A caffeine of more than `Int.max` milligrams: the number that trapped.
  static let huge = "9300000000000000000"

  @Test func aCSVDrinksCaffeineBeyondWhatLogTakesIsARejectedRow() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let file = try ImportSupport.file(
      cli, "drinks.csv",
      """
      date,drink,amount,unit,note,source,caffeine_mg
      2026-11-20T08:00:00Z,Coffee,250,mL,,typed,95
      2026-11-20T09:00:00Z,Coffee,250,mL,,typed,\(Self.huge)

      """)
    let imported = try cli.run("import", file)
    #expect(imported.status == 65, "\(imported.stdout)")
    #expect(
      imported.stdout.contains(
        "\(file):3: the caffeine 9.3e+18 mg is more than the 2500 mg a drink of 250 mL may carry"),
      "\(imported.stdout)")
    #expect(try ImportSupport.count(cli, "drink") == 1)
    let status = try cli.runBinary("status")
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout.contains("Caffeine 95 mg today"), "\(status.stdout)")
  }

  @Test func aCaffeineRecordBeyondWhatLogTakesIsARejectedRow() throws {
    let cli = try CLI(now: "2026-11-20T18:00:00Z")
    defer { cli.cleanUp() }
    let file = try ImportSupport.file(
      cli, "com.samsung.health.caffeine_intake.20261120123000.csv",
      """
      com.samsung.health.caffeine_intake,6313002,4
      create_sh_ver,com.samsung.health.caffeine_intake.start_time,custom,modify_sh_ver,\
      com.samsung.health.caffeine_intake.update_time,com.samsung.health.caffeine_intake.create_time,\
      com.samsung.health.caffeine_intake.unit_amount,com.samsung.health.caffeine_intake.time_offset,\
      com.samsung.health.caffeine_intake.deviceuuid,com.samsung.health.caffeine_intake.comment,\
      com.samsung.health.caffeine_intake.pkg_name,com.samsung.health.caffeine_intake.amount,\
      com.samsung.health.caffeine_intake.datauuid,
      63010,2026-11-20 07:05:00.000,,63010,2026-11-20 07:05:01.200,2026-11-20 07:05:01.200,75.0,\
      UTC+0100,VfS0qUERdZ,,com.sec.android.app.shealth,\(Self.huge),\
      1e2f3a4b-5c6d-4e7f-8091-a2b3c4d5e6f7,

      """)
    let imported = try cli.run("import", file)
    #expect(imported.status == 65, "\(imported.stdout)")
    #expect(
      imported.stdout.contains(
        "the caffeine 9.3e+18 mg is more than the 1200 mg one record may carry"),
      "\(imported.stdout)")
    #expect(try ImportSupport.count(cli, "caffeine") == 0)
  }

  /// The views run as the executable: a trap is then an exit status, not this test's crash.
  /// Two volumes of 1e308 mL sum past a Double: JSON then says so instead of failing.
  @Test func everyViewShowsHugeStoredNumbersWithoutTrapping() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(try cli.run("log", "coffee", "250ml", "--at", "08:00").status == 0)
    #expect(try cli.run("log", "water", "250ml", "--at", "09:00").status == 0)
    #expect(try cli.run("log", "water", "250ml", "--at", "10:00").status == 0)
    let edited = try cli.shell(
      "sqlite3 '\(cli.databasePath)' 'UPDATE drink SET caffeine_mg = \(Self.huge) WHERE id = 1; "
        + "UPDATE drink SET volume_ml = 1e308 WHERE id > 1'")
    try #require(edited.status == 0, "the sqlite3 shell is needed: \(edited.stderr)")
    let report = cli.folder.appendingPathComponent("r")
    var printed: [[String]: String] = [:]
    for command in [
      ["status"], ["status", "--format", "json"], ["caffeine"], ["caffeine", "--format", "text"],
      ["summary"], ["summary", "--format", "text"], ["summary", "--format", "json"],
      ["summary", "today", "--chart"], ["list", "--format", "json"],
      ["report", "--format", "txt", "--out", report.path],
    ] {
      let result = try cli.runBinary(command)
      #expect(result.status == 0, "\(command): \(result.status) \(result.stderr)")
      #expect(result.stderr.isEmpty, "\(command): \(result.stderr)")
      printed[command] = result.stdout
    }
    for command in printed.keys where command.first != "report" {
      #expect(printed[command]?.isEmpty == false, "\(command) printed nothing")
    }
    // The caffeine, past what a whole number holds, shows as the largest one the views write.
    #expect(
      printed[["status"]]?.contains("Caffeine 1,000,000,000,000,000 mg today") == true,
      "\(printed[["status"]] ?? "")")
    // JSON says that the day's sum is past a Double, as a string, and stays JSON.
    let status = try #require(
      try JSONSerialization.jsonObject(
        with: Data((printed[["status", "--format", "json"]] ?? "").utf8)) as? [String: Any])
    #expect(status["total"] as? String == "Infinity", "\(status)")
    #expect(status["caffeineTodayMg"] as? Double == 9.3e18, "\(status)")
    let summary = try #require(
      try JSONSerialization.jsonObject(
        with: Data((printed[["summary", "--format", "json"]] ?? "").utf8)) as? [String: Any])
    let averages = try #require(summary["averages"] as? [String: Any])
    #expect(averages["perDay"] as? String == "Infinity", "\(averages)")
    let list = try JSONSerialization.jsonObject(
      with: Data((printed[["list", "--format", "json"]] ?? "").utf8))
    #expect((list as? [[String: Any]])?.count == 3, "\(list)")
    let written = (try? FileManager.default.contentsOfDirectory(atPath: report.path)) ?? []
    #expect(!written.isEmpty, "the report wrote nothing")
  }
}
