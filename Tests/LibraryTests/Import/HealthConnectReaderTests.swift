import Foundation
import Testing

@testable import LiquidusModel
@testable import LiquidusSources
@testable import LiquidusStore

/// Android Health Connect's export: the zip around `health_connect_export.db`, or the database
/// itself, written by ``HealthConnectExportFixture`` with made-up records.
@Suite final class HealthConnectReaderTests {
  let directory: TemporaryDirectory
  let now = Date(timeIntervalSince1970: 1_795_179_780)  // 2026-11-20 13:03 UTC

  init() throws { directory = try TemporaryDirectory() }
  deinit { directory.remove() }

  /// Two drinks from Samsung Health, one from an app not in the app table, a meal with
  /// caffeine, a meal without, and a row without a volume.
  static let export = HealthConnectExportFixture(
    drinks: [
      .init(rowID: 1, start: 1_795_155_300_000, litres: 0.25),  // 2026-11-20 06:15 UTC
      .init(rowID: 2, start: 1_795_167_000_000, litres: 0.3, zoneOffset: -28_800),
      .init(rowID: 3, start: 1_795_125_930_000, litres: 0.5, app: 9),
      .init(rowID: 4, start: 1_795_176_000_000, litres: nil),
    ],
    meals: [
      .init(rowID: 1, start: 1_795_160_000_000, caffeineGrams: 0.095),
      .init(rowID: 2, start: 1_795_161_000_000, caffeineGrams: nil),
    ])

  private func zip(
    _ fixture: HealthConnectExportFixture = export, name: String = "Health Connect.zip"
  )
    throws -> URL
  {
    let url = directory.url.appendingPathComponent(name)
    try? FileManager.default.removeItem(at: url)
    try fixture.writeZip(to: url)
    return url
  }

  private func importer(_ store: DrinkStore) -> Importer {
    Importer(store: store, settings: ImportSettings(now: now))
  }

  @Test func drinksAndCaffeineAreReadFromTheZip() throws {
    let url = try zip()
    #expect(try ImportFormatDetector.detect(url: url) == .healthConnect)
    let events = try readAll(url, as: .healthConnect)
    let records = events.records
    // Litres become millilitres; the instant is start_time, whatever start_zone_offset says.
    #expect(records.compactMap(\.milliliters) == [250, 300, 500])
    #expect(records.compactMap(\.drinkName) == ["Water", "Water", "Water"])
    #expect(records[0].instant == instant("2026-11-20T06:15:00Z"))
    #expect(records[1].instant == instant("2026-11-20T09:30:00Z"))
    #expect(records[0].sourceName == "com.sec.android.app.shealth")
    // An app id with no row in application_info_table names no source.
    #expect(records[2].sourceName == nil)
    // Grams of caffeine become milligrams; a meal without caffeine is not a record.
    #expect(records.compactMap(\.milligrams).map { ($0 * 1000).rounded() / 1000 } == [95])
    #expect(records[3].sourceName == "com.example.caffeinelog")
    #expect(events.rejections.map(\.line) == [4])
    #expect(
      events.rejections.first?.reason
        == "hydration_record_table row 4: volume (litres) is empty; correct the record in the"
        + " app that wrote it and export again")
  }

  @Test func theDatabaseOnItsOwnIsRecognisedToo() throws {
    let url = directory.url.appendingPathComponent("health_connect_export.db")
    try Self.export.writeDatabase(to: url)
    #expect(try ImportFormatDetector.detect(url: url) == .healthConnect)
    #expect(try readAll(url, as: .healthConnect).records.count == 4)
  }

  @Test func theCopyTakenOutOfTheZipIsPrivate() throws {
    let member = try ExtractedZipMember(
      archiveURL: try zip(), entryPath: "health_connect_export.db")
    let attributes = try FileManager.default.attributesOfItem(atPath: member.url.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let folder = try FileManager.default.attributesOfItem(
      atPath: member.url.deletingLastPathComponent().path)
    #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    member.remove()
    #expect(!FileManager.default.fileExists(atPath: member.url.deletingLastPathComponent().path))
  }

  @Test func theCopyIsGoneOnceSQLiteHasItOpenAndReadingGoesOn() throws {
    let reader = try HealthConnectReader(url: try zip())
    let copy = try #require(reader.copy?.url)
    // Nothing left on disk for a Ctrl-C to leave behind, and every row still read.
    #expect(!FileManager.default.fileExists(atPath: copy.deletingLastPathComponent().path))
    var drinks = 0
    while let event = try reader.next() {
      if case .record(let record) = event, case .drink = record.content { drinks += 1 }
    }
    #expect(drinks == 3)
  }

  @Test func importingAgainAddsNothingAndANewerExportAddsOnlyTheNewRecords() throws {
    let store = try DrinkStore.inMemory()
    let first = try importer(store).importFile(
      at: try zip(), format: nil, options: .losAngeles)
    #expect(first.detected && first.format == .healthConnect)
    #expect(first.drinksAdded == 3 && first.caffeineAdded == 1 && first.rejectedCount == 1)
    let again = try importer(store).importFile(at: try zip(), format: nil, options: .losAngeles)
    #expect(again.drinksAdded == 0 && again.caffeineAdded == 0 && again.duplicatesSkipped == 4)
    var newer = Self.export
    newer.drinks.append(.init(rowID: 5, start: 1_795_178_000_000, litres: 0.33))
    newer.meals.append(.init(rowID: 3, start: 1_795_178_500_000, caffeineGrams: 0.04))
    let later = try importer(store).importFile(
      at: try zip(newer, name: "newer.zip"), format: nil, options: .losAngeles)
    #expect(later.drinksAdded == 1 && later.caffeineAdded == 1 && later.duplicatesSkipped == 4)
    #expect(try store.entryCount() == 4)
  }

  /// Samsung Health writes its water into Health Connect too: the same drink read from
  /// Samsung's own download and from the Health Connect export has the same import key
  /// (instant, millilitres, app package), so it is stored once.
  @Test func aDrinkSamsungHealthAlsoWroteToHealthConnectIsStoredOnce() throws {
    let store = try DrinkStore.inMemory()
    let samsung = try ImportFixture.url(SamsungHealthReaderTests.name)
    let fromSamsung = try importer(store).importFile(
      at: samsung, format: nil, options: .losAngeles)
    #expect(fromSamsung.drinksAdded == 3)
    let fromHealthConnect = try importer(store).importFile(
      at: try zip(), format: nil, options: .losAngeles)
    // 250 mL at 06:15 UTC from com.sec.android.app.shealth is already there.
    #expect(fromHealthConnect.duplicatesSkipped == 1)
    #expect(fromHealthConnect.drinksAdded == 2)
  }

  /// Older Health Connect versions have no caffeine column and the app table may be absent:
  /// the drinks are still read.
  @Test func anExportWithoutCaffeineOrAppsStillGivesItsDrinks() throws {
    var old = Self.export
    old.nutritionHasCaffeine = false
    old.withAppTable = false
    let records = try readAll(try zip(old), as: .healthConnect).records
    #expect(records.compactMap(\.milliliters) == [250, 300, 500])
    #expect(records.allSatisfy { $0.sourceName == nil })
  }

  @Test func anotherDatabaseIsRefusedWithWhatToDo() throws {
    // Liquidus's own database is SQLite too, but not an export.
    let plain = directory.url.appendingPathComponent("plain.sqlite")
    _ = try DrinkStore.open(at: plain.path)
    do {
      _ = try readAll(plain, as: .healthConnect)
      Issue.record("expected a refusal")
    } catch {
      #expect(
        error.errorDescription
          == "\(plain.path): it is an SQLite database but has no hydration_record_table, so it"
          + " is not a Health Connect export. Export again from Health Connect (its export in"
          + " Settings > Health Connect) and import the zip it writes, or the"
          + " health_connect_export.db inside it.")
    }
  }

  @Test func aZipWithoutTheDatabaseSaysWhatItHolds() throws {
    var fixture = Self.export
    fixture.drinks = []
    let url = directory.url.appendingPathComponent("wrong.zip")
    try fixture.writeZip(to: url, member: "backup/other.db")
    do {
      _ = try readAll(url, as: .healthConnect)
      Issue.record("expected a refusal")
    } catch {
      #expect(
        error
          == .unreadableExport(
            path: url.path, format: .healthConnect,
            reason: "the zip holds no health_connect_export.db (found: backup/other.db)"))
    }
  }
}
