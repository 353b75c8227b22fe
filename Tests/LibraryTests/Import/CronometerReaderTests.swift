import Foundation
import Testing

@testable import LiquidusModel
@testable import LiquidusSources

/// Cronometer's servings.csv, written by hand after the columns its Servings export has: drinks
/// measured by volume become entries with their caffeine; weighed food is skipped.
@Suite struct CronometerReaderTests {
  @Test func drinksByVolumeBecomeEntriesWithTheirCaffeine() throws {
    let url = try ImportFixture.url("servings.csv")
    #expect(try ImportFormatDetector.detect(url: url) == .cronometer)
    let events = try readAll(url, as: .cronometer)  // Los Angeles time
    let records = events.records
    #expect(records.map(\.drinkName) == ["Coffee", "Water", "Green tea", "Kombucha"])
    #expect(records.map(\.line) == [2, 4, 5, 6])
    #expect(abs((records[0].milliliters ?? 0) - 8 * 29.5735295625) < 1e-9)
    #expect(records[1].milliliters == 500)
    #expect(abs((records[2].milliliters ?? 0) - 236.5882365) < 1e-9)
    #expect(records.map(\.caffeine) == [94.8, 0, 29.6, nil])
    // 7:45 AM and 12:30 PM in Los Angeles (UTC-8 in November); no time means noon.
    #expect(records[0].instant == instant("2026-11-20T15:45:00Z"))
    #expect(records[1].instant == instant("2026-11-20T20:30:00Z"))
    #expect(records[3].instant == instant("2026-11-20T20:00:00Z"))
    #expect(records.allSatisfy { $0.sourceName == "Cronometer" })
    #expect(events.skippedTypes == ["Cronometer food (not a volume)"])
    #expect(events.rejections.map(\.line) == [7])
  }

  @Test(arguments: [
    ("Coffee, brewed, from grounds", "Coffee"), ("Tea, black, brewed", "Tea"),
    ("Beverages, Energy drink, Red Bull", "Energy drink"), ("Milk, 2% fat", "Milk"),
    ("Orange juice", "Juice"), ("Water, bottled", "Water"), ("Kombucha", "Kombucha"),
    ("Coffee, decaffeinated", "Decaf"),
  ])
  func theDrinkTypeComesFromTheFoodsName(food: String, type: String) {
    #expect(CronometerReader.drinkType(for: food) == type)
  }
}
