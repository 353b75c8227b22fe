import Foundation
import Testing

/// `liquidus export` gives everything back, in a form `liquidus import` reads again.
@Suite struct ExportCommandTests {
  /// Logs entries whose notes are hard to carry through CSV.
  private func logTrickyEntries(_ cli: CLI) throws {
    let entries: [(String, String, String, String)] = [
      ("water", "250ml", "2026-11-19 08:15", "plain"),
      ("coffee", "8 fl oz", "2026-11-19 09:00", "flat white, oat milk"),
      ("juice", "0.33l", "2026-11-19 12:30", "said \"cheers\"\nthen left"),
      ("water", "1 cup", "2026-11-20 07:00", "Café ☕️ 🍊 naïve"),
      ("water", "250ml", "2026-11-20 07:00", ""),
    ]
    for (drink, amount, at, note) in entries {
      var arguments = ["log", drink, amount, "--at", at]
      if !note.isEmpty { arguments += ["--note", note] }
      let result = try cli.run(arguments)
      try #require(result.status == 0, "\(result.stderr)")
    }
  }

  @Test func csvExportThenImportIntoAFreshDatabaseGivesTheSameEntries() throws {
    let cli = try CLI(timeZone: "America/New_York")
    defer { cli.cleanUp() }
    try logTrickyEntries(cli)
    // Caffeine of its own, which no type's content would give back.
    try cli.run("log", "coffee", "100ml", "--caffeine", "123.4mg", "--at", "2026-11-20 06:00")
    let exported = try cli.run("export")
    #expect(exported.status == 0, "\(exported.stderr)")
    let columns = ExportIDColumns.stripped(exported.stdout)
    #expect(columns.contains(",Coffee,100,mL,,typed,123.4\n"))
    #expect(columns.contains(",Coffee,236.5882365,mL,\"flat white, oat milk\",typed,94.6352946\n"))
    #expect(
      exported.stdout.hasPrefix(
        "date,drink,amount,unit,note,source,caffeine_mg,uid,modified_at,import_key\n"))
    #expect(columns.contains("2026-11-19T08:15:00-05:00,Water,250,mL,plain,typed,0\n"))
    let file = try ImportSupport.file(cli, "drinks.csv", exported.stdout)

    let fresh = try CLI(timeZone: "America/New_York")
    defer { fresh.cleanUp() }
    let imported = try fresh.run("import", file)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("Added 6 entries"))
    // The CSV carries each entry's id, so the copy holds the entries themselves: the same
    // source, the same ids (CSVRoundTripTests: a merge of the two then adds nothing).
    // Two entries at the same minute may come in either order (a merge keys them by id).
    #expect(try ImportSupport.drinks(fresh).sorted() == ImportSupport.drinks(cli).sorted())
    // The copy exports to the same bytes: each entry says where it came from again.
    let again = try fresh.run("export").stdout
    #expect(ExportIDColumns.records(again) == ExportIDColumns.records(exported.stdout))
    // And every summary a person can ask for is the same.
    for period in ["today", "yesterday", "week", "month", "half-year", "year", "2026-11-19"] {
      let before = try cli.run("summary", period, "--format", "json").stdout
      let after = try fresh.run("summary", period, "--format", "json").stdout
      #expect(!before.isEmpty && before == after, "summary \(period)")
    }
  }

  @Test func jsonExportIsAnArrayOfEntriesForThePeriod() throws {
    let cli = try CLI(timeZone: "UTC")
    defer { cli.cleanUp() }
    try logTrickyEntries(cli)
    let result = try cli.run("export", "2026-11-19", "--format", "json")
    #expect(result.status == 0, "\(result.stderr)")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(entries.count == 3)
    #expect(entries.first?["date"] as? String == "2026-11-19T08:15:00Z")
    #expect(entries.last?["note"] as? String == "said \"cheers\"\nthen left")
    #expect(entries.last?["amount"] as? Double == 330)
  }

  @Test func outFileIsReadableByItsOwnerOnly() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    let path = cli.folder.appendingPathComponent("out.csv").path
    let result = try cli.run("export", "--out", path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains(",Water,250,mL,,typed"))
  }

  @Test func anImportedEntrysSourceAppSurvivesExportAndARoundTrip() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let records = try ImportSupport.file(
      cli, "records.csv",
      "type,sourceName,unit,startDate,value\n"
        + "DietaryWater,WaterMinder,mL,2026-11-20 08:00:00 +0000,250\n"
        + "DietaryWater,Cronometer,mL,2026-11-20 09:00:00 +0000,300\n")
    #expect(try cli.run("import", records).status == 0)
    try cli.run("log", "water", "100ml", "--at", "10:00")
    let exported = try cli.run("export").stdout
    #expect(
      ExportIDColumns.stripped(exported)
        == "date,drink,amount,unit,note,source,caffeine_mg\n"
        + "2026-11-20T08:00:00Z,Water,250,mL,,WaterMinder,0\n"
        + "2026-11-20T09:00:00Z,Water,300,mL,,Cronometer,0\n"
        + "2026-11-20T10:00:00Z,Water,100,mL,,typed,0\n")
    let json = try cli.run("export", "--format", "json").stdout
    #expect(json.contains("\"source\":\"WaterMinder\""))
    let file = try ImportSupport.file(cli, "drinks.csv", exported)
    let fresh = try CLI()
    defer { fresh.cleanUp() }
    #expect(try fresh.run("import", file).status == 0)
    #expect(try fresh.run("export").stdout == exported)
  }
}
