import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

@Suite("Converter CSV (health-csv)")
struct HealthCSVReaderTests {
  @Test func typeFirstLayoutYieldsRecordsSkipsAndRejections() throws {
    let url = try ImportFixture.url("health_records.csv")
    #expect(try ImportFormatDetector.detect(url: url) == .healthCSV)
    let events = try readAll(url, as: .healthCSV)
    let records = events.records
    #expect(records.map(\.line) == [3, 4, 5, 6])
    #expect(records[0].sourceName == "Coffee & Tea Tracker, Pro")
    #expect(records[0].milliliters == 250)
    #expect(records[0].instant == instant("2025-03-09T07:30:00Z"))
    #expect(abs((records[1].milliliters ?? 0) - 354.88235475) < 1e-9)
    #expect(records[1].instant == instant("2025-03-09T09:45:00Z"))
    #expect(records[2].milligrams == 95.5)
    #expect(records[3].milliliters == 500)
    #expect(
      events.skippedTypes == [
        "HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierStepCount",
      ])
    #expect(events.rejections.map(\.line) == [7, 8])
    #expect(events.rejections.first?.reason.contains("'gallon'") == true)
    #expect(events.rejections.last?.reason.contains("'yesterday'") == true)
  }

  @Test func deviceFirstLayoutWithShortTypesQuotesCRLFAndBOM() throws {
    let url = try ImportFixture.url("health_records_device_first.csv")
    #expect(try ImportFormatDetector.detect(url: url) == .healthCSV)
    let events = try readAll(url, as: .healthCSV)
    let records = events.records
    #expect(records.count == 2)
    #expect(records.first?.milliliters == 330)
    #expect(records.first?.sourceName == "Anna’s iPhone")
    #expect(records.first?.instant == instant("2025-03-10T03:30:00Z"))
    #expect(records.first?.line == 2)
    // A quoted line break inside the source name: the record still starts on line 3 ...
    #expect(records.last?.sourceName == "Notes \"multi\r\nline\" app")
    #expect(records.last?.milligrams == 80)
    #expect(records.last?.line == 3)
    // ... and the rows after it are numbered from the physical lines.
    #expect(events.skippedTypes == ["BodyMass"])
    #expect(events.rejections.map(\.line) == [6])
    #expect(events.rejections.first?.reason.contains("value 'n/a' is not a number") == true)
  }

  @Test func headerWithoutRequiredColumnsFailsNamingThem() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.file("h.csv", contents: "type,sourceName,unit,endDate\n")
    #expect(
      throws: ImportError.missingColumns(
        path: url.path, format: .healthCSV, missing: ["value", "startDate"],
        header: "type,sourceName,unit,endDate")
    ) { _ = try readAll(url, as: .healthCSV) }
  }
}
