import Foundation
import GRDB
import Testing

/// What `ImportKey` promises: a record is added once whichever file and format it arrives in,
/// whatever `--type-map` says, whatever its names hold; identical records within one file stay
/// separate, caffeine too.
@Suite struct ImportIdempotenceTests {
  /// The report without its timing line, which is the one part that varies.
  static func report(_ result: CLI.Result) -> String {
    result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("  Took ") }.joined(separator: "\n")
  }

  /// Every caffeine record as `mg|UTC instant|source`, oldest first.
  static func caffeine(_ cli: CLI) throws -> [String] {
    try ImportSupport.database(cli).read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT mg || '|' || \(ImportSupport.instantText("at_ms")) || '|'
            || IFNULL(source_name, '') FROM caffeine
          ORDER BY at_ms, id
          """)
    }
  }

  /// Two waters (one in fl_oz_us) and the same caffeine record twice, from two apps whose
  /// names hold `|`, `%` and `&`.
  static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <HealthData locale="en_US">
     <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Cup|Tracker 100%" \
    unit="mL" startDate="2025-03-09 08:00:00 -0700" endDate="2025-03-09 08:00:00 -0700" \
    value="250"/>
     <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Sip &amp; Go" \
    unit="fl_oz_us" startDate="2025-03-09 09:00:00 -0700" endDate="2025-03-09 09:00:00 -0700" \
    value="12"/>
     <Record type="HKQuantityTypeIdentifierDietaryCaffeine" sourceName="Sip &amp; Go" unit="mg" \
    startDate="2025-03-09 09:00:00 -0700" endDate="2025-03-09 09:00:00 -0700" value="95"/>
     <Record type="HKQuantityTypeIdentifierDietaryCaffeine" sourceName="Sip &amp; Go" unit="mg" \
    startDate="2025-03-09 09:00:00 -0700" endDate="2025-03-09 09:00:00 -0700" value="95"/>
    </HealthData>

    """

  /// The same four records as a converter CSV, written in UTC and the fl oz as millilitres,
  /// and one water the XML does not have.
  static let converterCSV = """
    type,sourceName,sourceVersion,unit,creationDate,startDate,endDate,value
    HKQuantityTypeIdentifierDietaryWater,Cup|Tracker 100%,1,mL,2025-03-09 15:00:00 +0000,\
    2025-03-09 15:00:00 +0000,2025-03-09 15:00:00 +0000,250
    HKQuantityTypeIdentifierDietaryWater,Sip & Go,1,mL,2025-03-09 16:00:00 +0000,\
    2025-03-09 16:00:00 +0000,2025-03-09 16:00:00 +0000,354.882
    HKQuantityTypeIdentifierDietaryCaffeine,Sip & Go,1,mg,2025-03-09 16:00:00 +0000,\
    2025-03-09 16:00:00 +0000,2025-03-09 16:00:00 +0000,95
    HKQuantityTypeIdentifierDietaryCaffeine,Sip & Go,1,mg,2025-03-09 16:00:00 +0000,\
    2025-03-09 16:00:00 +0000,2025-03-09 16:00:00 +0000,95
    HKQuantityTypeIdentifierDietaryWater,Sip & Go,1,mL,2025-03-09 17:00:00 +0000,\
    2025-03-09 17:00:00 +0000,2025-03-09 17:00:00 +0000,500

    """

  @Test func theSameRecordsFromXMLZipAndConverterCSVAreAddedOnce() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let xml = try ImportSupport.file(cli, "export.xml", Self.xml)
    let first = try cli.run("import", xml)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      Self.report(first) == """
        \(xml): apple-health (detected)
          Added 2 entries: Water 2
          Caffeine records added: 2
          Duplicates skipped: 0
          Other records skipped: 0
          Rows rejected: 0

        """)
    let water = [
      "Water|250.0|2025-03-09 15:00:00.000||imported",
      "Water|354.88235475|2025-03-09 16:00:00.000||imported",
    ]
    #expect(try ImportSupport.drinks(cli) == water)
    // Two identical caffeine records in one file are two records.
    let caffeine = [
      "95.0|2025-03-09 16:00:00.000|Sip & Go", "95.0|2025-03-09 16:00:00.000|Sip & Go",
    ]
    #expect(try Self.caffeine(cli) == caffeine)

    let zip = try ImportSupport.exportZip(cli, xml: Data(Self.xml.utf8))
    let fromZip = try cli.run("import", zip)
    #expect(Self.report(fromZip).contains("  Added 0 entries\n"), "\(fromZip.stdout)")
    #expect(Self.report(fromZip).contains("  Duplicates skipped: 4\n"))

    let csv = try ImportSupport.file(cli, "health.csv", Self.converterCSV)
    let second = try cli.run("import", csv)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(
      Self.report(second) == """
        \(csv): health-csv (detected)
          Added 1 entry: Water 1
          Caffeine records added: 0
          Duplicates skipped: 4
          Other records skipped: 0
          Rows rejected: 0

        """)
    #expect(
      try ImportSupport.drinks(cli) == water + ["Water|500.0|2025-03-09 17:00:00.000||imported"])
    #expect(try Self.caffeine(cli) == caffeine)
  }

  @Test func anEntryDeletedHereStaysDeletedWhenItsExportIsImportedAgain() throws {
    let cli = try CLI(now: "2026-11-20T14:03:00Z")
    defer { cli.cleanUp() }
    // Two identical records (two drinks) and a third; the first of the twins is deleted.
    let rows = """
      date,drink,amount,unit,source
      2026-11-17T10:00:00Z,Water,200,mL,Health
      2026-11-17T10:00:00Z,Water,200,mL,Health
      2026-11-17T12:00:00Z,Water,300,mL,Health

      """
    let file = try ImportSupport.file(cli, "health.csv", rows)
    #expect(try cli.run("import", file).status == 0)
    #expect(try cli.run("delete", "1").status == 0)

    let again = try cli.run("import", file)
    #expect(again.status == 0)
    #expect(again.stdout.contains("Added 0 entries"), "\(again.stdout)")
    #expect(again.stdout.contains("Duplicates skipped: 3"), "\(again.stdout)")
    // A newer export with a third identical record adds only that one.
    let newer = try ImportSupport.file(
      cli, "newer.csv", rows + "2026-11-17T10:00:00Z,Water,200,mL,Health\n")
    let third = try cli.run("import", newer)
    #expect(
      third.stdout.contains("Added 1 entries") || third.stdout.contains("Added 1 entry"),
      "\(third.stdout)")
    let left = try ImportSupport.database(cli).read { db in
      try Double.fetchAll(db, sql: "SELECT volume_ml FROM drink ORDER BY at_ms, id")
    }
    #expect(left == [200, 200, 300])
  }

  @Test func aReImportWithAnotherTypeMapAddsNothing() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let xml = try ImportSupport.file(cli, "export.xml", Self.xml)
    let mapped = try cli.run("import", xml, "--type-map", "Sip & Go=coffee")
    #expect(mapped.status == 0, "\(mapped.stderr)")
    #expect(Self.report(mapped).contains("  Added 2 entries: Water 1, Coffee 1\n"))
    let expected = [
      "Water|250.0|2025-03-09 15:00:00.000||imported",
      "Coffee|354.88235475|2025-03-09 16:00:00.000||imported",
    ]
    #expect(try ImportSupport.drinks(cli) == expected)
    for map in [[], ["--type-map", "Sip & Go=juice"], ["--type-map", "Cup|Tracker 100%=soda"]] {
      let again = try cli.run(["import", xml] + map)
      #expect(again.status == 0, "\(map): \(again.stderr)")
      #expect(Self.report(again).contains("  Added 0 entries\n"), "\(map): \(again.stdout)")
      #expect(Self.report(again).contains("  Duplicates skipped: 4\n"), "\(map)")
      #expect(try ImportSupport.drinks(cli) == expected, "\(map)")
    }
  }

  @Test func barsAndPercentSignsInNamesCannotMakeTwoRecordsOne() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    // Unescaped, the first two would both key as `...|a|b|c|...`, and the third's `%7C`
    // would read as the first's escaped bar.
    let path = try ImportSupport.file(
      cli, "names.csv",
      """
      date,drink,amount,unit,note,source
      2026-11-01T08:00:00Z,a|b,250,mL,,c
      2026-11-01T08:00:00Z,a,250,mL,,b|c
      2026-11-01T08:00:00Z,a%7Cb,250,mL,,c

      """)
    let first = try cli.run("import", path)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      Self.report(first).contains("  Added 3 entries: a|b 1, a 1, a%7Cb 1\n"), "\(first.stdout)")
    let drinks = [
      "a|b|250.0|2026-11-01 08:00:00.000||imported",
      "a|250.0|2026-11-01 08:00:00.000||imported",
      "a%7Cb|250.0|2026-11-01 08:00:00.000||imported",
    ]
    #expect(try ImportSupport.drinks(cli) == drinks)
    let again = try cli.run("import", path)
    #expect(Self.report(again).contains("  Added 0 entries\n"), "\(again.stdout)")
    #expect(Self.report(again).contains("  Duplicates skipped: 3\n"))
    #expect(try ImportSupport.drinks(cli) == drinks)
  }
}
