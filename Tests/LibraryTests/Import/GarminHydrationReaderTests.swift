import Foundation
import Testing

@testable import LiquidusModel
@testable import LiquidusSources
@testable import LiquidusStore

/// Garmin Connect's hydration log, written by hand in the shape of its account data export:
/// drinks, a sweat-loss event from an activity, corrections (negative values), a time wrapped
/// as `{"date": ...}`, an event without a time, and a bad value.
@Suite struct GarminHydrationReaderTests {
  static let name = "HydrationLogFile_2026-11-01_2026-11-21.json"
  let now = instant("2026-11-22T12:00:00Z")

  @Test func drinksAreReadAtTheirLocalTimeAndCorrectionsTakeFromThatDay() throws {
    let url = try ImportFixture.url(Self.name)
    #expect(try ImportFormatDetector.detect(url: url) == .garmin)
    let events = try readAll(url, as: .garmin)
    let records = events.records
    // 500 at 07:45; 250 at 10:00 taken back whole at 10:02; 330 at 20:00; on the 21st the
    // -100 at 08:00 has nothing before it, and -150 at 12:15 takes from the 400 at 09:00.
    #expect(records.map(\.milliliters) == [500, 330, 250, 200])
    #expect(records.map(\.line) == [1, 5, 7, 10])
    // timestampLocal is the wall clock, read in $TZ (Los Angeles here).
    #expect(records[0].instant == instant("2026-11-20T15:45:00Z"))
    #expect(records[2].instant == instant("2026-11-21T17:00:00Z"))  // {"date": ...}
    #expect(records[3].instant == instant("2026-11-19T20:00:00Z"))  // no time: noon
    #expect(records.allSatisfy { $0.sourceName == "Garmin Connect" && $0.drinkName == "Water" })
    #expect(
      events.skippedTypes.sorted()
        == [
          GarminHydrationReader.correction, GarminHydrationReader.correction,
          GarminHydrationReader.correction, GarminHydrationReader.takenBack,
          GarminHydrationReader.sweatLoss,
        ].sorted())
    #expect(events.rejections.map(\.line) == [9])
    #expect(
      events.rejections.first?.reason
        == "event 9 (2026-11-21) has no valueInML in mL; expected a number such as 250")
  }

  @Test func sweatLossIsNeverAnIntake() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.file(
      "HydrationLogFile_2026-11-20_2026-11-20.json",
      contents: """
        [{"calendarDate": "2026-11-20", "valueInML": 0.0, "estimatedSweatLossInML": 900.0,
          "activityId": 1, "timestampLocal": "2026-11-20T18:00:00.0"},
         {"calendarDate": "2026-11-20", "estimatedSweatLossInML": 300.0,
          "timestampLocal": "2026-11-20T19:00:00.0"}]
        """)
    let events = try readAll(url, as: .garmin)
    #expect(events.records.isEmpty)
    #expect(
      events.skippedTypes == [GarminHydrationReader.sweatLoss, GarminHydrationReader.sweatLoss])
  }

  @Test func importingAgainAddsNothingAndANewerExportAddsOnlyTheNewDrinks() throws {
    let store = try DrinkStore.inMemory()
    let importer = Importer(store: store, settings: ImportSettings(now: now))
    let url = try ImportFixture.url(Self.name)
    let first = try importer.importFile(at: url, format: nil, options: .losAngeles)
    #expect(first.format == .garmin && first.drinksAdded == 4 && first.rejectedCount == 1)
    #expect(first.otherSkipped[GarminHydrationReader.correction] == 3)
    let again = try importer.importFile(at: url, format: nil, options: .losAngeles)
    #expect(again.drinksAdded == 0 && again.duplicatesSkipped == 4)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var text = try String(contentsOf: url, encoding: .utf8)
    text.removeLast(2)  // " ]"
    text += """
      , {"calendarDate": "2026-11-21", "valueInML": 300.0,
         "timestampLocal": "2026-11-21T15:00:00.0"} ]
      """
    let newer = try directory.file("HydrationLogFile_2026-11-01_2026-11-22.json", contents: text)
    let later = try importer.importFile(at: newer, format: nil, options: .losAngeles)
    #expect(later.drinksAdded == 1 && later.duplicatesSkipped == 4)
  }

  @Test func otherJSONIsRefusedWithWhatToDo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.file("HydrationLogFile_x.json", contents: "{\"valueInML\": 1}")
    do {
      _ = try readAll(url, as: .garmin)
      Issue.record("expected a refusal")
    } catch {
      #expect(
        error.errorDescription
          == "\(url.path): not a Garmin hydration log: expected a JSON array of events with"
          + " valueInML. Request the export again from Garmin (Account > Data Management >"
          + " Export Your Data) and import DI_CONNECT/DI-Connect-Aggregator/"
          + "HydrationLogFile_*.json, or the whole zip.")
    }
  }
}
