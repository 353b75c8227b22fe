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
    let export = try cli.run("export").stdout
    #expect(export.contains("2026-11-20T06:15:00Z,Water,250,mL,,com.sec.android.app.shealth,0\n"))
    #expect(export.contains("2025-11-20T06:15:00Z,Water,300,mL,,com.sec.android.app.shealth,0\n"))
  }
}
