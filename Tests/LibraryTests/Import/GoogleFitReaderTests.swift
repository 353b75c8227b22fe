import Foundation
import Testing

@testable import LiquidusModel
@testable import LiquidusSources

/// Google Fit's hydration file from Google Takeout, written by hand after the layout of its
/// raw data files: litres in `fitValue[0].value.fpVal`, UTC nanoseconds (as a number or a
/// string), the writing app inside `originDataSourceId`.
@Suite struct GoogleFitReaderTests {
  @Test func dataPointsBecomeDrinksInMillilitres() throws {
    let url = try ImportFixture.url("raw_com.google.hydration_com.example.waterapp.json")
    #expect(try ImportFormatDetector.detect(url: url) == .googleFit)
    let events = try readAll(url, as: .googleFit)
    let records = events.records
    #expect(records.map(\.milliliters) == [250, 500])
    #expect(records[0].instant == instant("2026-11-20T08:00:00Z"))
    #expect(records[1].instant == instant("2026-11-20T13:30:00Z"))
    #expect(records.allSatisfy { $0.sourceName == "com.example.waterapp" })
    #expect(events.rejections.map(\.line) == [3])
    #expect(
      events.rejections.first?.reason
        == "data point 3 has no volume in fitValue[0].value.fpVal")
  }

  @Test func otherJSONIsRefusedWithWhatToDo() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("other.json")
    try #"{"Data Points": 3}"#.write(to: url, atomically: true, encoding: .utf8)
    do {
      _ = try readAll(url, as: .googleFit)
      Issue.record("expected a refusal")
    } catch {
      #expect(
        error
          == .malformedJSON(
            path: url.path,
            reason: "not a Google Fit data file: expected a JSON object with \"Data Points\""))
    }
  }
}
