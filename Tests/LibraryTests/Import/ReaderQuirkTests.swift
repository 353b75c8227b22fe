import Foundation
import Testing

@testable import LiquidusModel
@testable import LiquidusSources

/// What the Android-era readers made of odd values: each is now read as written or rejected
/// with its line, never turned into something else in silence.
@Suite final class ReaderQuirkTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }
  deinit { directory.remove() }

  private func cronometer(_ rows: [String]) throws -> [ReaderEvent] {
    let url = try directory.file(
      "servings.csv",
      contents: (["Day,Time,Group,Food Name,Amount,Energy (kcal),Caffeine (mg)"] + rows)
        .joined(separator: "\n") + "\n")
    return try readAll(url, as: .cronometer)
  }

  @Test func aCronometerNameIsNeverCutToFortyCharacters() throws {
    let long = "Homemade sparkling elderflower lemonade, chilled"
    let longer = "Homemade sparkling elderflower lemonade with mint"
    let events = try cronometer([
      "2026-11-20,8:15 AM,Breakfast,\"\(long)\",250.00 ml,40,0",
      "2026-11-20,9:15 AM,Breakfast,\(longer),250.00 ml,40,0",
    ])
    // Whole, so that the store refuses them row by row rather than merging two drinks.
    #expect(
      events.records.map(\.drinkName) == [
        "Homemade sparkling elderflower lemonade", longer,
      ])
  }

  @Test(arguments: ["-5", "NaN", "abc", "inf"])
  func aCronometerCaffeineThatIsNoAmountIsRejected(cell: String) throws {
    let events = try cronometer(["2026-11-20,8:15 AM,Breakfast,Coffee,250.00 ml,2,\(cell)"])
    #expect(events.records.isEmpty)
    #expect(
      events.rejections.map(\.reason) == [
        "Caffeine (mg) '\(cell)' is not an amount of milligrams such as 95"
      ])
  }

  @Test func aDayWithALeadingMinusIsNotADate() throws {
    let events = try cronometer(["-2026-11-18,8:15 AM,Breakfast,Water,250.00 ml,0,0"])
    #expect(events.records.isEmpty)
    #expect(events.rejections.map(\.line) == [2])
    let garmin = try directory.file(
      "HydrationLogFile_2026-11-18_2026-11-18.json",
      contents: #"[{"calendarDate": "-2026-11-18", "valueInML": 250.0}]"#)
    let read = try readAll(garmin, as: .garmin)
    #expect(read.records.isEmpty)
    #expect(read.rejections.map(\.line) == [1])
  }

  @Test func aGarminValueThatIsNotANumberIsRejected() throws {
    let url = try directory.file(
      "HydrationLogFile_2026-11-20_2026-11-20.json",
      contents: """
        [{"calendarDate": "2026-11-20", "valueInML": true,
          "timestampLocal": "2026-11-20T07:45:00.0"},
         {"calendarDate": "2026-11-20", "valueInML": "250",
          "timestampLocal": "2026-11-20T08:45:00.0"}]
        """)
    let events = try readAll(url, as: .garmin)
    #expect(events.records.isEmpty)
    #expect(events.rejections.map(\.line) == [1, 2])
  }

  @Test(arguments: ["1e30", "\"1000000000000000000000000000000\"", "-1e30"])
  func aGoogleFitTimeBeyondAnyCalendarIsRejectedAsSuch(nanos: String) throws {
    let url = try directory.file(
      "raw_com.google.hydration_x.json",
      contents: """
        {"Data Points": [{"startTimeNanos": \(nanos),
          "fitValue": [{"value": {"fpVal": 0.25}}]}]}
        """)
    let events = try readAll(url, as: .googleFit)
    #expect(events.records.isEmpty)
    let reason = try #require(events.rejections.first?.reason)
    #expect(reason.hasPrefix("data point 1: startTimeNanos "), "\(reason)")
    #expect(reason.hasSuffix(" is not a time in nanoseconds since 1970"), "\(reason)")
  }
}
