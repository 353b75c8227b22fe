import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

@Suite("Plain csv (and Liquidus's own export)")
struct PlainCSVReaderTests {
  @Test func liquidusExportLayoutReadsAllUnitsDatesAndNotes() throws {
    let url = try ImportFixture.url("drinks.csv")
    #expect(try ImportFormatDetector.detect(url: url) == .csv)
    let events = try readAll(url, as: .csv)
    let records = events.records
    #expect(records.map(\.line) == [2, 3, 4, 6, 11])
    #expect(records.map(\.drinkName) == ["Water", "Coffee", "Water", "Juice", "Water"])
    #expect(records[0].instant == instant("2026-11-20T16:15:00Z"))
    #expect(records[0].sourceName == "Liquidus")
    #expect(records[0].note == nil)
    #expect(abs((records[1].milliliters ?? 0) - 8 * 29.5735295625) < 1e-9)
    #expect(records[1].note == "Flat white, oat milk")
    #expect(records[2].milliliters == 500)
    #expect(records[2].instant == instant("2026-11-20T20:30:00Z"))  // local Pacific time
    #expect(records[2].note == "Lunch\nwith \"friends\"")
    #expect(abs((records[3].milliliters ?? 0) - 236.5882365) < 1e-9)
    #expect(records[3].instant == instant("2026-11-20T12:00:00.500Z"))
    #expect(records[3].note == "Orange 🍊")
    #expect(records[4].drinkName == "Water")  // empty drink cell: the default drink
    #expect(records[4].milliliters == 330)
    #expect(events.rejections.map(\.line) == [7, 8, 9])
    #expect(
      events.rejections[0].reason.hasPrefix(
        "date '20/11/2026' is not in a form Liquidus reads; use ISO 8601"))
    #expect(events.rejections[0].reason.contains("such as 20/11/2026 are not read"))
    #expect(
      events.rejections[1].reason == "amount 'lots' is not a number; write e.g. 250, 0.5 or 0,5")
    #expect(
      events.rejections[2].reason
        == "unit 'gallon' is not supported; use one of mL, L, dL, cL, fl oz, oz, cup, pt"
        + " (US sizes), or HealthKit's fl_oz_imp, cup_imp, pt_imp")
  }

  @Test(arguments: [
    // (cell, decimal separator, what the row becomes), as `log` reads the same text.
    ("\"1,5\"", Character("."), "1500.0"),
    ("\"1,5\"", Character(","), "1500.0"),
    ("\"0,250\"", Character(","), "250.0"),
    ("\"1,500\"", Character("."), "1500000.0"),
    ("\"1.500,5\"", Character(","), "1500500.0"),
    ("1.500", Character(","), "1500.0"),  // a plain point is what programs write
    ("\"1,500\"", Character(","), "amount '1,500' could mean 1.5 or 1500"),
    ("-1", Character("."), "amount '-1' is negative; amounts are 0 or more"),
  ])
  func decimalCommasFollowTheRuleOfTypedAmounts(
    cell: String, separator: Character, expected: String
  )
    throws
  {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("comma-\(UUID().uuidString).csv")
    defer { try? FileManager.default.removeItem(at: url) }
    try "date,drink,amount,unit\n2026-11-20T08:00:00Z,Water,\(cell),l\n".write(
      to: url, atomically: true, encoding: .utf8)
    var options = ImportOptions.losAngeles
    options.decimalSeparator = separator
    let events = try readAll(url, as: .csv, options: options)
    if let record = events.records.first {
      #expect(events.rejections.isEmpty)
      #expect("\(record.milliliters ?? -1)" == expected)
    } else {
      #expect(events.rejections.first?.reason.hasPrefix(expected) == true)
    }
  }

  @Test func columnMapRenamesColumnsAndMissingDrinkUsesTheDefault() throws {
    var options = ImportOptions.losAngeles
    options.columnMap = ["When": "date", "what": "drink", "VOLUME": "amount", "Comment": "note"]
    options.defaultDrinkName = "Sparkling"
    let events = try readAll(try ImportFixture.url("mapped.csv"), as: .csv, options: options)
    let records = events.records
    #expect(records.map(\.drinkName) == ["Tea", "Sparkling"])
    #expect(records.map(\.milliliters) == [300, 150])
    #expect(records[1].instant == instant("2026-11-22T05:00:30Z"))
    #expect(records[0].note == "morning")
  }

  @Test func headerThatNeedsAMapFailsWithAHint() throws {
    let url = try ImportFixture.url("mapped.csv")
    do {
      _ = try readAll(url, as: .csv)
      Issue.record("expected missing columns")
    } catch {
      #expect(
        error
          == .missingColumns(
            path: url.path, format: .csv, missing: ["date", "amount"],
            header: "When,What,Volume,Comment"))
      #expect(error.errorDescription?.contains("lacks date, amount") == true)
    }
  }

  @Test func unknownMapFieldIsRefused() throws {
    var options = ImportOptions.losAngeles
    options.columnMap = ["When": "time"]
    #expect(throws: ImportError.invalidColumnMap(column: "When", field: "time")) {
      _ = try readAll(try ImportFixture.url("mapped.csv"), as: .csv, options: options)
    }
  }
}
