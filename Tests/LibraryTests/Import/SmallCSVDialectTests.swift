import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

@Suite("Health Auto Export and WaterMinder CSV")
struct SmallCSVDialectTests {
  @Test func healthAutoExportCellsBecomeEventsInTheDefaultTimeZone() throws {
    let url = try ImportFixture.url("health_auto_export.csv")
    #expect(try ImportFormatDetector.detect(url: url) == .healthAutoExport)
    let events = try readAll(url, as: .healthAutoExport)
    let records = events.records
    #expect(records.map(\.line) == [2, 2, 3, 3, 4, 4])
    #expect(records[0].milligrams == 95)
    #expect(records[1].milliliters == 1250)
    #expect(records[0].instant == instant("2025-03-09T08:00:00Z"))  // midnight PST
    #expect(records[2].milliliters == 900)
    #expect(records[2].instant == instant("2025-03-10T07:00:00Z"))  // midnight PDT
    #expect(abs((records[3].milliliters ?? 0) - 16 * 29.5735295625) < 1e-9)
    #expect(records[4].instant == instant("2025-03-10T23:00:00Z"))  // explicit +0100
    #expect(events.skippedTypes == ["Active Energy", "Step Count", "Active Energy"])
    #expect(events.rejections.map(\.line) == [5, 6])
  }

  @Test func waterMinderRowsUseTheWaterValueAndKeepIdenticalRows() throws {
    let url = try ImportFixture.url("waterminder.csv")
    #expect(try ImportFormatDetector.detect(url: url) == .waterminder)
    let events = try readAll(url, as: .waterminder)
    let records = events.records
    #expect(records.map(\.drinkName) == ["Water", "Coffee", "Water", "Water"])
    #expect(records.map(\.milliliters) == [250, 300, 500, 500])
    #expect(records[0].instant == instant("2025-03-08T15:45:00Z"))
    #expect(records[2].instant == instant("2025-03-09T21:30:00Z"))  // after the DST change
    #expect(records[2].instant == records[3].instant)  // two identical rows, two drinks
    #expect(records[1].note == "Mug")
    #expect(events.rejections.map(\.line) == [6])  // 31/2/25 does not exist
  }
}
