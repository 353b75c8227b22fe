import Foundation
import Testing

/// `liquidus import` of Samsung Health's water file: recognised without a flag, idempotent,
/// its source app kept.
@Suite struct SamsungImportTests {
  @Test func theWaterFileImportsOnceAndKeepsItsSource() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let file = ImportSupport.fixture("com.samsung.health.water_intake.20261120123000.csv").path
    let first = try cli.run("import", file)
    #expect(first.status == 65)  // the fixture has one bad row on purpose
    #expect(first.stdout.contains("samsung-health (detected)"), "\(first.stdout)")
    #expect(first.stdout.contains("Added 3 entries: Water 3"))
    let again = try cli.run("import", file)
    #expect(
      again.stdout.contains("Added 0 entries") && again.stdout.contains("Duplicates skipped: 3"))
    let export = ExportIDColumns.stripped(try cli.run("export").stdout)
    #expect(export.contains("2026-11-20T06:15:00Z,Water,250,mL,,com.sec.android.app.shealth,0\n"))
    #expect(export.contains("2025-11-20T06:15:00Z,Water,300,mL,,com.sec.android.app.shealth,0\n"))
  }
}

/// `liquidus import servings.csv` from Cronometer: drinks by volume, their caffeine, once.
@Suite struct CronometerImportTests {
  @Test func servingsImportAsDrinksWithCaffeineOnce() throws {
    // The next morning, so that the afternoon servings are not in the future.
    let cli = try CLI(now: "2026-11-21T16:00:00Z", timeZone: "America/Los_Angeles")
    defer { cli.cleanUp() }
    let file = ImportSupport.fixture("servings.csv").path
    let first = try cli.run("import", file)
    #expect(first.status == 65)  // one serving has an impossible time, on purpose
    #expect(first.stdout.contains("cronometer (detected)"), "\(first.stdout)")
    #expect(first.stdout.contains("Added 4 entries"))
    #expect(first.stdout.contains("Created drink types: Green tea, Kombucha"))
    #expect(first.stdout.contains("Cronometer food (not a volume) 1"))
    let again = try cli.run("import", file)
    #expect(again.stdout.contains("Duplicates skipped: 4"))
    let export = ExportIDColumns.stripped(try cli.run("export").stdout)
    #expect(export.contains("2026-11-20T07:45:00-08:00,Coffee,236.5882365,mL,,Cronometer,94.8\n"))
    #expect(export.contains(",Kombucha,330,mL,,Cronometer,0\n"))
  }
}

/// `liquidus import` of Google Fit's hydration file from Google Takeout.
@Suite struct GoogleFitImportTests {
  @Test func takeoutHydrationImportsOnceWithItsApp() throws {
    let cli = try CLI(now: "2026-11-21T12:00:00Z")
    defer { cli.cleanUp() }
    let file = ImportSupport.fixture("raw_com.google.hydration_com.example.waterapp.json").path
    let first = try cli.run("import", file)
    #expect(first.status == 65)  // one point has no fpVal, on purpose
    #expect(first.stdout.contains("google-fit (detected)"), "\(first.stdout)")
    #expect(first.stdout.contains("Added 2 entries: Water 2"))
    #expect(try cli.run("import", file).stdout.contains("Duplicates skipped: 2"))
    let export = ExportIDColumns.stripped(try cli.run("export").stdout)
    #expect(export.contains("2026-11-20T13:30:00Z,Water,500,mL,,com.example.waterapp,0\n"))
  }
}
