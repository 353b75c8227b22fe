import Foundation
import Testing

@testable import LiquidusModel
@testable import LiquidusSources

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
