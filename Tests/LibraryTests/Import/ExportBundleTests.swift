import Foundation
import Testing
import ZIPFoundation

@testable import LiquidusModel
@testable import LiquidusSources
@testable import LiquidusStore

/// A folder or zip of several exports: every file Liquidus reads is found by its name (an XML
/// file by its content), the look-alikes beside them are left alone, and one run imports them
/// all, idempotently, all or nothing under `--strict`.
@Suite final class ExportBundleTests {
  let directory: TemporaryDirectory
  let now = instant("2026-11-21T16:00:00Z")

  init() throws { directory = try TemporaryDirectory() }
  deinit { directory.remove() }

  private func copyFixture(_ name: String, to path: String) throws {
    let target = directory.url.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: try ImportFixture.url(name), to: target)
  }

  @discardableResult
  private func write(_ path: String, _ contents: String) throws -> URL {
    let target = directory.url.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: target)
    return target
  }

  /// A phone's download folder: Samsung Health's water and caffeine files, a Takeout Fit
  /// folder, a Health Connect export zip, Cronometer's servings, and files that look like data
  /// but are none of them.
  private func folder() throws -> URL {
    try copyFixture(
      SamsungHealthReaderTests.name,
      to: "samsunghealth_me_20261121/\(SamsungHealthReaderTests.name)")
    try copyFixture(
      SamsungHealthReaderTests.caffeineName,
      to: "samsunghealth_me_20261121/\(SamsungHealthReaderTests.caffeineName)")
    try copyFixture(
      "raw_com.google.hydration_com.example.waterapp.json",
      to: "Takeout/Fit/All Data/raw_com.google.hydration_com.example.waterapp.json")
    try copyFixture("servings.csv", to: "cronometer/servings.csv")
    try HealthConnectReaderTests.export.writeZip(
      to: directory.url.appendingPathComponent("Health Connect.zip"))
    // Look-alikes: a plain csv would read as drinks, a JSON and an XML of other data.
    try write(
      "samsunghealth_me_20261121/com.samsung.shealth.step_daily_trend.20261121.csv",
      "date,amount\n2026-11-20 08:00,5000\n")
    try write(
      "Takeout/Fit/All Data/raw_com.google.step_count.delta.json", "{}")
    try write("notes.xml", "<notes/>")
    return directory.url
  }

  private func importer(_ store: DrinkStore, strict: Bool = false) -> Importer {
    Importer(store: store, settings: ImportSettings(strict: strict, now: now))
  }

  @Test func aFolderYieldsEveryKnownFileAndNothingElse() throws {
    let bundle = try ExportBundle(url: try folder())
    #expect(
      bundle.sources.map { "\($0.format.rawValue) \($0.path)" } == [
        "health-connect Health Connect.zip",
        "google-fit Takeout/Fit/All Data/raw_com.google.hydration_com.example.waterapp.json",
        "cronometer cronometer/servings.csv",
        "samsung-health samsunghealth_me_20261121/\(SamsungHealthReaderTests.caffeineName)",
        "samsung-health samsunghealth_me_20261121/\(SamsungHealthReaderTests.name)",
      ])
    // The look-alikes are not read, and named: before, they were passed over without a word.
    #expect(
      bundle.notRead == [
        "Takeout/Fit/All Data/raw_com.google.step_count.delta.json", "notes.xml",
        "samsunghealth_me_20261121/com.samsung.shealth.step_daily_trend.20261121.csv",
      ])
  }

  @Test func theReportNamesTheFilesItDidNotRead() throws {
    let report = try importer(try DrinkStore.inMemory()).importBundle(
      at: try folder(), path: "phone", options: .losAngeles)
    #expect(
      report.notRead.first == "phone/Takeout/Fit/All Data/raw_com.google.step_count.delta.json")
    let text = report.text(seconds: 0, remedies: { _ in nil })
    #expect(
      text.contains(
        "  Not read, in no format Liquidus knows: phone/Takeout/Fit/All Data/"
          + "raw_com.google.step_count.delta.json, phone/notes.xml, phone/samsunghealth_me_20261121/"
          + "com.samsung.shealth.step_daily_trend.20261121.csv. A file of drinks can be imported "
          + "on its own."), "\(text)")
    #expect(BundleFileNames.someOf(["a", "b", "c"], first: 2) == "a, b and 1 more")
  }

  @Test func oneRunImportsEveryFileAndASecondRunAddsNothing() throws {
    let store = try DrinkStore.inMemory()
    let url = try folder()
    let first = try importer(store).importBundle(at: url, path: "phone", options: .losAngeles)
    #expect(first.reports.map(\.path).allSatisfy { $0.hasPrefix("phone/") })
    // Health Connect's 250 mL at 06:15 from Samsung Health is also in Samsung's own file:
    // stored once (11 drinks, not 12).
    #expect(first.reports.reduce(0) { $0 + $1.drinksAdded } == 3 + 2 + 4 + 2)
    #expect(first.reports.reduce(0) { $0 + $1.caffeineAdded } == 2 + 1)
    #expect(first.hasProblems)  // the fixtures each hold one bad row on purpose
    let again = try importer(store).importBundle(at: url, path: "phone", options: .losAngeles)
    #expect(again.reports.reduce(0) { $0 + $1.drinksAdded + $1.caffeineAdded } == 0)
    #expect(again.reports.reduce(0) { $0 + $1.duplicatesSkipped } == 12 + 3)
  }

  @Test func aZipOfSeveralExportsIsSearchedAndImportedFromPrivateCopies() throws {
    let url = directory.url.appendingPathComponent("takeout.zip")
    let archive = try Archive(url: url, accessMode: .create)
    for (name, member) in [
      (
        "raw_com.google.hydration_com.example.waterapp.json",
        "Takeout/Fit/All Data/raw_com.google.hydration_com.example.waterapp.json"
      ),
      ("export.xml", "apple_health_export/export.xml"),
      ("export.xml", "apple_health_export/workout-routes/route_1.gpx"),
      (SamsungHealthReaderTests.name, "Samsung/\(SamsungHealthReaderTests.name)"),
      ("servings.csv", "Samsung/settings.csv"),
    ] {
      try archive.addEntry(
        with: member, fileURL: try ImportFixture.url(name), compressionMethod: .deflate)
    }
    #expect(ExportBundle.isBundle(url: url))
    let store = try DrinkStore.inMemory()
    let report = try importer(store).importBundle(
      at: url, path: "takeout.zip", options: .losAngeles)
    #expect(
      report.reports.map(\.format) == [.samsungHealth, .googleFit, .appleHealth],
      "\(report.reports.map(\.path))")
    #expect(report.reports.allSatisfy { $0.failure == nil })
    #expect(report.reports[0].drinksAdded == 3 && report.reports[1].drinksAdded == 2)
    #expect(report.reports[2].drinksAdded == 5)
    // Apple Health's route comes with its export; the stray CSV is named.
    #expect(report.notRead == ["takeout.zip/Samsung/settings.csv"])
  }

  @Test func filesAreKnownByTheNamesTheirAppsGiveThem() {
    let names: [(String, ImportFormat?)] = [
      ("HydrationLogFile_2026-08-25_2026-12-03.json", .garmin),
      ("UDSFile_2026-08-25_2026-12-03.json", nil),
      ("health_connect_export.db", .healthConnect),
      ("com.samsung.health.caffeine_intake.20261121.csv", .samsungHealth),
      ("com.samsung.shealth.step_daily_trend.20261121.csv", nil),
      ("raw_com.google.hydration_com.example.json", .googleFit),
      ("drinks.csv", nil),
    ]
    for (name, format) in names {
      #expect(BundleFileNames.format(of: name) == format, "\(name)")
    }
  }

  @Test func aZipThatIsOneExportIsNotABundle() throws {
    let url = directory.url.appendingPathComponent("Health Connect.zip")
    try HealthConnectReaderTests.export.writeZip(to: url)
    #expect(!ExportBundle.isBundle(url: url))
    #expect(ExportBundle.isBundle(url: directory.url))
  }

  @Test func strictImportsNothingWhenAnyFileHasABadRow() throws {
    let store = try DrinkStore.inMemory()
    let report = try importer(store, strict: true).importBundle(
      at: try folder(), path: "phone", options: .losAngeles)
    #expect(report.strictRolledBack)
    #expect(report.reports.allSatisfy { $0.drinksAdded == 0 && $0.caffeineAdded == 0 })
    #expect(try store.entryCount() == 0)
  }

  @Test func strictImportsEverythingWhenNoFileHasABadRow() throws {
    let samsung = try String(
      contentsOf: try ImportFixture.url(SamsungHealthReaderTests.name), encoding: .utf8)
    // Without its bad row (the one with amount abc).
    let clean = samsung.split(separator: "\n").filter { !$0.contains(",abc,") }
      .joined(separator: "\n")
    try write("clean/\(SamsungHealthReaderTests.name)", clean + "\n")
    let store = try DrinkStore.inMemory()
    let report = try importer(store, strict: true).importBundle(
      at: directory.url.appendingPathComponent("clean"), path: "clean", options: .losAngeles)
    #expect(!report.strictRolledBack && !report.hasProblems)
    #expect(try store.entryCount() == 3)
  }

  @Test func aFolderWithNothingKnownSaysWhatItLooksFor() throws {
    try write("empty/readme.txt", "hello")
    let url = directory.url.appendingPathComponent("empty")
    do {
      _ = try importer(try DrinkStore.inMemory()).importBundle(
        at: url, path: "empty", options: .losAngeles)
      Issue.record("expected nothing to import")
    } catch let error as ImportError {
      #expect(error == .nothingToImport(path: "empty", searchedFor: nil, holds: ["readme.txt"]))
      #expect(
        error.errorDescription?.hasPrefix(
          "empty holds no file that Liquidus reads (it holds readme.txt).") == true)
    }
  }
}
