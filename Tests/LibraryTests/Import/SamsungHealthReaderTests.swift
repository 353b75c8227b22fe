import Foundation
import Testing

@testable import LiquidusModel
@testable import LiquidusSources
@testable import LiquidusStore

/// Samsung Health's water file, written by hand after the layout its data download documents:
/// a data-type line, prefixed column names, trailing commas, UTC times (and an older row in
/// epoch milliseconds), millilitres.
@Suite struct SamsungHealthReaderTests {
  static let name = "com.samsung.health.water_intake.20261120123000.csv"

  @Test func theFileIsRecognisedAndItsRowsRead() throws {
    let url = try ImportFixture.url(Self.name)
    #expect(try ImportFormatDetector.detect(url: url) == .samsungHealth)
    let events = try readAll(url, as: .samsungHealth)
    let records = events.records
    #expect(records.map(\.milliliters) == [250, 300, 500])
    #expect(records.map(\.drinkName) == ["Water", "Water", "Water"])
    // start_time is UTC; time_offset (UTC+0530) does not move it.
    #expect(records[0].instant == instant("2026-11-20T06:15:00Z"))
    #expect(records[1].instant == instant("2025-11-20T06:15:00Z"))  // 1763619300000 ms
    #expect(records[2].instant == instant("2026-11-20T12:30:00Z"))
    #expect(records.allSatisfy { $0.sourceName == "com.sec.android.app.shealth" })
    #expect(records.map(\.line) == [3, 4, 6])
    #expect(events.rejections.map(\.line) == [5])
    #expect(
      events.rejections.first?.reason == "amount 'abc' is not a number; write e.g. 250, 0.5 or 0,5")
  }

  static let caffeineName = "com.samsung.health.caffeine_intake.20261120123000.csv"

  /// The caffeine file has the water file's layout; its `amount` is milligrams.
  @Test func theCaffeineFileGivesCaffeineRecords() throws {
    let url = try ImportFixture.url(Self.caffeineName)
    #expect(try ImportFormatDetector.detect(url: url) == .samsungHealth)
    let events = try readAll(url, as: .samsungHealth)
    let records = events.records
    #expect(records.map(\.milligrams) == [75, 150])
    #expect(records.allSatisfy { $0.drinkName == nil })
    #expect(records[0].instant == instant("2026-11-20T07:05:00Z"))
    #expect(records[1].instant == instant("2025-11-20T07:00:00Z"))  // epoch milliseconds
    #expect(records.allSatisfy { $0.sourceName == "com.sec.android.app.shealth" })
    #expect(events.rejections.map(\.line) == [5])
  }

  @Test func caffeineImportsOnceAndANewerDownloadAddsOnlyItsNewRows() throws {
    let store = try DrinkStore.inMemory()
    let importer = Importer(
      store: store, settings: ImportSettings(now: instant("2026-11-21T00:00:00Z")))
    let url = try ImportFixture.url(Self.caffeineName)
    let first = try importer.importFile(at: url, format: nil, options: .losAngeles)
    #expect(first.caffeineAdded == 2 && first.drinksAdded == 0 && first.rejectedCount == 1)
    let again = try importer.importFile(at: url, format: nil, options: .losAngeles)
    #expect(again.caffeineAdded == 0 && again.duplicatesSkipped == 2)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let newer = try directory.file(
      "com.samsung.health.caffeine_intake.20261121090000.csv",
      contents: try String(contentsOf: url, encoding: .utf8)
        + "63010,2026-11-20 16:00:00.000,,63010,,,75.0,UTC+0100,VfS0qUERdZ,,"
        + "com.sec.android.app.shealth,60.0,4b5c6d7e-8f90-41a2-b3c4-d5e6f708192a,\n")
    let later = try importer.importFile(at: newer, format: nil, options: .losAngeles)
    #expect(later.caffeineAdded == 1 && later.duplicatesSkipped == 2)
  }

  @Test func aFileWithoutStartTimeSaysWhatIsMissing() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent(Self.name)
    try "com.samsung.health.water_intake,6313002,5\namount,\n250,\n".write(
      to: url, atomically: true, encoding: .utf8)
    do {
      _ = try readAll(url, as: .samsungHealth)
      Issue.record("expected missing columns")
    } catch {
      #expect(
        error
          == .missingColumns(
            path: url.path, format: .samsungHealth, missing: ["start_time"], header: "amount,"))
    }
  }
}
