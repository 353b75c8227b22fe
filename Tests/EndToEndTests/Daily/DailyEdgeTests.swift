import Foundation
import Testing

/// What a damaged or unusual database does to `export --daily`: nothing is left out without
/// being named, and a refusal leaves an existing file alone.
@Suite struct DailyEdgeTests {
  @Test func anEntryWhoseTimeIsTextIsNamedAndTheExitSaysTheTableIsIncomplete() throws {
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "UTC")
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "2026-11-19 08:00")
    try cli.run("log", "water", "300ml", "--at", "2026-11-19 09:00")
    let edited = try cli.shell(
      "sqlite3 \"$LIQUIDUS_DB\" \"UPDATE drink SET at_ms = '2026-11-19T09:00' WHERE id = 2\"")
    try #require(edited.status == 0, "\(edited.stderr)")
    let result = try cli.run("export", "--daily")
    #expect(result.status == 65)
    #expect(result.stderr.contains("Entry 2 cannot be read: its at_ms holds"))
    #expect(SampleYear.table(result.stdout).first?["total_ml"] == "250")
  }

  @Test func aFractionalFirstTimeStillStartsTheTable() throws {
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "UTC")
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "2026-11-18 08:00")
    try cli.run("log", "water", "300ml", "--at", "2026-11-19 09:00")
    _ = try cli.shell(
      "sqlite3 \"$LIQUIDUS_DB\" \"UPDATE drink SET at_ms = at_ms + 0.5 WHERE id = 1\"")
    let result = try cli.run("export", "--daily")
    #expect(result.status == 65, "the damaged entry is named")
    #expect(SampleYear.table(result.stdout).map { $0["date"] ?? "" }.first == "2026-11-18")
  }

  @Test func caffeineAloneBeforeTheFirstDrinkStartsTheTable() throws {
    let cli = try CLI(now: "2026-03-10T12:00:00Z", timeZone: "America/New_York")
    defer { cli.cleanUp() }
    let file = try ImportSupport.file(
      cli, "caffeine.csv",
      """
      type,sourceName,sourceVersion,unit,creationDate,startDate,endDate,value
      HKQuantityTypeIdentifierDietaryCaffeine,Phone,1,mg,2026-03-07 22:00:00 -0500,2026-03-07 22:00:00 -0500,2026-03-07 22:00:00 -0500,200
      HKQuantityTypeIdentifierDietaryWater,Phone,1,mL,2026-03-09 08:00:00 -0400,2026-03-09 08:00:00 -0400,2026-03-09 08:00:00 -0400,300

      """)
    try #require(try cli.run("import", file, "--quiet").status == 0)
    let rows = SampleYear.table(try cli.run("export", "--daily").stdout)
    #expect(rows.first?["date"] == "2026-03-07")
    #expect(rows.first?["caffeine_mg"] == "200")
    #expect(rows.first?["drinks"] == "0")
    // 200 mg at 22:00 fall below 100 mg one half-life (5 h) later, 03:00 EST, which the
    // clocks of that night (summer time from 02:00) read as 04:00 the next day.
    #expect(rows.first?["caffeine_clear_at"] == "28:00")
  }

  @Test func aRefusedExportLeavesTheFileAtOutAlone() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml")
    let kept = try ImportSupport.file(cli, "keep.csv", "precious\n")
    for arguments in [
      ["export", "--daily", "--from", "1900-01-01", "--out", kept],
      ["export", "--from", "2026-13-01", "--out", kept],
      ["export", "--daily", "nonsense", "--out", kept],
    ] {
      let result = try cli.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(try String(contentsOfFile: kept, encoding: .utf8) == "precious\n", "\(arguments)")
    }
  }

  @Test func waterRenamedIsStillWater() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--at", "08:00")
    try #require(try cli.run("types", "rename", "Water", "Wasser").status == 0)
    let rows = SampleYear.table(try cli.run("export", "--daily").stdout)
    #expect(rows.last?["water_ml"] == "250")
  }

  @Test(arguments: ["Foo/1", "Medication/1", "Patient/..", "Patient/", "patient/1"])
  func aSubjectAnObservationCannotHaveIsRefused(subject: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("export", "--format", "fhir", "--subject", subject)
    #expect(result.status == 64, "\(subject)")
  }

  @Test func aNoteWithControlCharactersIsAStringFHIRTakes() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.run("log", "water", "250ml", "--note", "a\u{1}b\tc")
    let line = try cli.run("export", "--format", "fhir").stdout
    #expect(line.contains(#""note":[{"text":"a b\tc"}]"#))
  }
}
