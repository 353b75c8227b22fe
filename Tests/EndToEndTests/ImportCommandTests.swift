import Foundation
import Testing

/// `liquidus import` as a person runs it: the right entries, once, with clear reports.
@Suite struct ImportCommandTests {
  /// The water of `export.xml`, in UTC: fl_oz_us and L converted, the copy inside a
  /// `<Correlation>` not counted twice.
  static let fixtureWater = [
    "Water|250.0|2025-03-09 07:30:00.000||imported",
    "Water|354.88235475|2025-03-09 09:45:00.000||imported",
    "Water|500.0|2025-03-09 10:15:00.000||imported",
    "Water|330.0|2025-03-10 03:30:00.000||imported",
    "Water|473.176473|2025-03-10 10:00:00.000||imported",
  ]

  @Test func appleHealthXMLImportsWaterOnceAndKeepsCaffeineApart() throws {
    let cli = try CLI(timeZone: "America/Los_Angeles")
    defer { cli.cleanUp() }
    let result = try cli.run("import", ImportSupport.fixture("export.xml").path)
    // Three records in the fixture are bad (gallon unit, month 13, value "zwei").
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stdout.contains("apple-health (detected)"))
    for line in [120, 121, 122] { #expect(result.stdout.contains("export.xml:\(line): ")) }
    #expect(result.stderr.contains("3 rows were rejected"))
    // fl_oz_us and L converted; the MyFitnessPal copy inside <Correlation> is not imported.
    #expect(try ImportSupport.drinks(cli) == Self.fixtureWater)
    #expect(try ImportSupport.count(cli, "caffeine") == 1)
  }

  @Test func exportZipGivesTheSameEntriesAsTheXMLAndAddsNothingAfterIt() throws {
    let cli = try CLI(timeZone: "America/Los_Angeles")
    defer { cli.cleanUp() }
    let xml = try Data(contentsOf: ImportSupport.fixture("export.xml"))
    let zip = try ImportSupport.exportZip(cli, xml: xml)
    #expect(try cli.run("import", zip, "--format", "apple-health").status == 65)
    let fromZip = try ImportSupport.drinks(cli)
    #expect(fromZip == Self.fixtureWater)
    let again = try cli.run("import", ImportSupport.fixture("export.xml").path)
    #expect(again.stdout.contains("Added 0 entries"))
    // Six drinks and caffeine records and the morning's run.
    #expect(again.stdout.contains("Duplicates skipped: 7"))
    #expect(try ImportSupport.drinks(cli) == fromZip)
  }

  @Test(arguments: ["health_records.csv", "health_records_device_first.csv"])
  func converterCSVsImportInEitherColumnOrder(name: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("import", ImportSupport.fixture(name).path)
    #expect(result.stdout.contains("health-csv (detected)"))
    #expect(result.status == 65)  // each fixture has bad rows on purpose
    let drinks = try ImportSupport.drinks(cli)
    if name == "health_records.csv" {
      // 12 fl_oz_us is 12 x 29.5735295625 mL; the gallon row and "yesterday" are rejected.
      #expect(
        drinks == [
          "Water|250.0|2025-03-09 07:30:00.000||imported",
          "Water|354.88235475|2025-03-09 09:45:00.000||imported",
          "Water|500.0|2025-03-09 10:15:00.000||imported",
        ])
    } else {
      #expect(drinks == ["Water|330.0|2025-03-10 03:30:00.000||imported"])
    }
    #expect(try ImportSupport.count(cli, "caffeine") == 1)
  }

  @Test func healthAutoExportReadsLocalDatesInTZ() throws {
    let cli = try CLI(timeZone: "America/Los_Angeles")
    defer { cli.cleanUp() }
    let result = try cli.run("import", ImportSupport.fixture("health_auto_export.csv").path)
    #expect(result.stdout.contains("health-auto-export (detected)"))
    let drinks = try ImportSupport.drinks(cli)
    #expect(drinks.first == "Water|1250.0|2025-03-09 08:00:00.000||imported")
    #expect(drinks.contains("Water|500.0|2025-03-10 23:00:00.000||imported"))  // +0100 given
    #expect(result.stdout.contains(".csv:6: "))  // "lots"
  }

  @Test func waterMinderKeepsIdenticalRowsAndCreatesMissingTypes() throws {
    let cli = try CLI(timeZone: "Europe/London")
    defer { cli.cleanUp() }
    let path = try ImportSupport.file(
      cli, "WaterMinder.csv",
      """
      Drink Type,Cup Name,Hydration Value(ml),Water Value(ml),Date,Time,Daily Goal Reached in %,Day Total(ml),Daily Goal Amount(ml)
      Water,Bottle,"500","500",9/3/25,14:30,"20","500","2500"
      Water,Bottle,"500","500",9/3/25,14:30,"40","1000","2500"
      Green Tea,Cup,"200","200",9/3/25,16:00,"48","1200","2500"

      """)
    let first = try cli.run("import", path)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("Added 3 entries: Water 2, Green Tea 1"))
    #expect(first.stdout.contains("Created drink types: Green Tea"))
    let imported = try ImportSupport.drinks(cli)
    // Day-first dates in London (GMT in March); the cup's name becomes the note.
    #expect(
      imported == [
        "Water|500.0|2025-03-09 14:30:00.000|Bottle|imported",
        "Water|500.0|2025-03-09 14:30:00.000|Bottle|imported",
        "Green Tea|200.0|2025-03-09 16:00:00.000|Cup|imported",
      ])
    let second = try cli.run("import", path)
    #expect(second.stdout.contains("Added 0 entries"))
    #expect(second.stdout.contains("Duplicates skipped: 3"))
    #expect(try ImportSupport.drinks(cli) == imported)
  }

  @Test func plainCSVWithMappedColumns() throws {
    // The fixture's rows are dated 2026-11-21, after the default pinned now: move now past
    // them, since an import refuses entries from the future as `log` does.
    let cli = try CLI(now: "2026-11-22T12:00:00Z", timeZone: "UTC")
    defer { cli.cleanUp() }
    let result = try cli.run(
      "import", ImportSupport.fixture("mapped.csv").path, "--format", "csv", "--map", "When=date",
      "--map", "What=drink", "--map", "Volume=amount", "--map", "Comment=note")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try ImportSupport.drinks(cli) == [
        "Tea|300.0|2026-11-21 07:00:00.000|morning|imported",
        "Water|150.0|2026-11-21 21:00:30.000||imported",
      ])
    #expect(result.stdout.contains("Created drink types: Tea"))
  }

  @Test func aNewerOverlappingExportAddsOnlyWhatIsNew() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let header = "date,drink,amount,unit\n"
    let old = try ImportSupport.file(
      cli, "old.csv",
      header + "2026-11-01T08:00:00Z,Water,250,mL\n2026-11-01T09:00:00Z,Coffee,200,mL\n")
    // The newer export repeats both, and has a second identical 09:00 coffee and a new row.
    let new = try ImportSupport.file(
      cli, "new.csv",
      header + "2026-11-01T08:00:00Z,Water,250,mL\n2026-11-01T09:00:00Z,Coffee,200,mL\n"
        + "2026-11-01T09:00:00Z,Coffee,200,mL\n2026-11-02T08:00:00Z,Water,300,mL\n")
    #expect(try cli.run("import", old).status == 0)
    let result = try cli.run("import", new)
    #expect(result.stdout.contains("Added 2 entries: Water 1, Coffee 1"))
    #expect(result.stdout.contains("Duplicates skipped: 2"))
    #expect(
      try ImportSupport.drinks(cli) == [
        "Water|250.0|2026-11-01 08:00:00.000||imported",
        "Coffee|200.0|2026-11-01 09:00:00.000||imported",
        "Coffee|200.0|2026-11-01 09:00:00.000||imported",
        "Water|300.0|2026-11-02 08:00:00.000||imported",
      ])
  }

  @Test func typeMapSendsOneAppsDrinksToAType() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run(
      "import", ImportSupport.fixture("health_records.csv").path,
      "--type-map", "Coffee & Tea Tracker, Pro=coffee")
    #expect(result.stdout.contains("Coffee 1"))
    #expect(try ImportSupport.drinks(cli).first?.hasPrefix("Coffee|250.0|") == true)
    let unknown = try cli.run(
      "import", ImportSupport.fixture("health_records.csv").path, "--type-map", "Health=Cofee")
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("Did you mean 'Coffee'?"))
  }

  @Test func strictRollsBackTheWholeFileOnOneBadRow() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let rows = (0..<25).map { "2026-11-01T08:\(String(format: "%02d", $0)):00Z,Water,100,mL" }
    let path = try ImportSupport.file(
      cli, "bad.csv",
      "date,drink,amount,unit\n" + rows.joined(separator: "\n") + "\nyesterday,Water,100,mL\n")
    let result = try cli.run("import", path, "--strict")
    #expect(result.status == 65)
    #expect(result.stdout.contains("Nothing imported (--strict): line 27"))
    #expect(result.stdout.contains("bad.csv:27: date 'yesterday'"))
    #expect(try ImportSupport.count(cli, "drink") == 0)
  }

  @Test func dryRunCountsEverythingAndWritesNothing() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let path = try ImportSupport.file(
      cli, "drinks.csv",
      "date,drink,amount,unit\n2026-11-01T08:00:00Z,Kombucha,250,mL\n"
        + "2026-11-01T08:00:00Z,Kombucha,250,mL\n")
    try cli.run("types")
    let before = try ImportSupport.drinks(cli)
    let result = try cli.run("import", path, "--dry-run")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Dry run: nothing was written."))
    #expect(result.stdout.contains("Would add 2 entries: Kombucha 2"))
    #expect(result.stdout.contains("Would create drink types: Kombucha"))
    #expect(try ImportSupport.drinks(cli) == before)
    #expect(!(try cli.run("types").stdout.contains("Kombucha")))
  }

  @Test func manyBadRowsAreListedUpToTwentyThenCounted() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let bad = (0..<30).map { _ in "2026-11-01T08:00:00Z,Water,lots,mL" }
    let path = try ImportSupport.file(
      cli, "many.csv",
      "date,drink,amount,unit\n2026-11-01T07:00:00Z,Water,100,mL\n"
        + bad.joined(separator: "\n") + "\n")
    let result = try cli.run("import", path)
    #expect(result.status == 65)
    #expect(result.stdout.contains("many.csv:3: amount 'lots'"))
    #expect(result.stdout.contains("many.csv:22: "))
    #expect(!result.stdout.contains("many.csv:23: "))
    #expect(result.stdout.contains("... and 10 more"))
    #expect(try ImportSupport.drinks(cli) == ["Water|100.0|2026-11-01 07:00:00.000||imported"])
  }
}
