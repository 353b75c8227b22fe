import Foundation
import Testing

/// `liquidus import` of Health Connect's export zip and Garmin's hydration log, as a person
/// runs it: recognised without a flag, idempotent, the report saying what was skipped and why.
@Suite struct AndroidImportTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let python = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
    .split(separator: ":")
    .contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }

  /// Health Connect's zip around a database made by the benchmark's seeded generator, and
  /// Samsung Health's CSV of the same drinks: the second import finds every drink there.
  @Test(.enabled(if: python, "python3 not found"))
  func healthConnectZipImportsOnceAndSamsungsCopyOfTheSameDrinksAddsNothing() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let data = cli.folder.appendingPathComponent("android")
    let generated = try cli.shell(
      "python3 '\(Self.root.path)/Scripts/generate-android-data' --records 200"
        + " --out '\(data.path)'")
    #expect(generated.status == 0, "\(generated.stderr)")
    let database = try Data(
      contentsOf: data.appendingPathComponent("health_connect_export.db"))
    let zip = try ImportSupport.exportZip(
      cli, xml: database, name: "Health Connect.zip", entry: "health_connect_export.db")
    let first = try cli.run("import", zip)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("Health Connect.zip: health-connect (detected)"))
    #expect(first.stdout.contains("Added 200 entries: Water 200"), "\(first.stdout)")
    let again = try cli.run("import", zip)
    #expect(again.stdout.contains("Duplicates skipped: 200"))
    let samsung = data.appendingPathComponent(
      "com.samsung.health.water_intake.20261120123000.csv")
    let fromSamsung = try cli.run("import", samsung.path)
    #expect(fromSamsung.stdout.contains("Added 0 entries"), "\(fromSamsung.stdout)")
    #expect(fromSamsung.stdout.contains("Duplicates skipped: 200"))
  }

  @Test func garminsLogImportsOnceWithCorrectionsAndSweatLossExplained() throws {
    let cli = try CLI(now: "2026-11-22T12:00:00Z", timeZone: "America/Los_Angeles")
    defer { cli.cleanUp() }
    let file = ImportSupport.fixture("HydrationLogFile_2026-11-01_2026-11-21.json").path
    let first = try cli.run("import", file)
    #expect(first.status == 65)  // one event has no number, on purpose
    #expect(first.stdout.contains("garmin (detected)"), "\(first.stdout)")
    #expect(first.stdout.contains("Added 4 entries: Water 4"))
    #expect(first.stdout.contains("Garmin correction (taken from that day's drinks) 3"))
    #expect(first.stdout.contains("Garmin sweat loss (not a drink) 1"))
    #expect(try cli.run("import", file).stdout.contains("Duplicates skipped: 4"))
    let day = try cli.run("list", "2026-11-21", "--format", "csv").stdout
    // The 400 mL at 09:00 less the 150 mL taken back at 12:15.
    #expect(day.contains("2026-11-21T09:00:00-08:00,Water,250"), "\(day)")
  }
}
