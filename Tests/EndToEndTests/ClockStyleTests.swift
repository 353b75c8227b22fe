import Foundation
import LiquidusModel
import Testing

/// One clock style everywhere: from the locale (12-hour in en_US, 24-hour in de_DE and en_GB),
/// or as `config --clock` says; `log`, `list` and the hours of `summary today` agree.
@Suite struct ClockStyleTests {
  @Test(arguments: [
    ("en_US", ClockStyle.twelveHour), ("de_DE", .twentyFourHour), ("en_GB", .twentyFourHour),
  ])
  func theLocaleChoosesTheClock(locale: String, expected: ClockStyle) {
    #expect(ClockStyle.of(Locale(identifier: locale)) == expected)
  }

  @Test func timesAndHoursFollowTheContextsClock() throws {
    let evening = try Date("2026-11-20T19:30:00Z", strategy: .iso8601)
    let utc = TimeZone(identifier: "UTC")!
    let us = CalendarContext(now: evening, timeZone: utc, locale: Locale(identifier: "en_US"))
    let de = CalendarContext(now: evening, timeZone: utc, locale: Locale(identifier: "de_DE"))
    let chosen = CalendarContext(
      now: evening, timeZone: utc, locale: Locale(identifier: "en_US"), clock: .twentyFourHour)
    #expect(ClockText.time(evening, in: us) == "7:30 PM")
    #expect(ClockText.time(evening, in: de) == "19:30")
    #expect(ClockText.time(evening, in: chosen) == "19:30")
    let midnight = try Date("2026-11-20T00:00:00Z", strategy: .iso8601)
    #expect(Hour(containing: midnight, in: us).description == "12 AM")
    #expect(Hour(containing: midnight, in: de).description == "00:00")
  }

  @Test func logListAndTheDaysHoursSpeakOneClock() throws {
    let cli = try CLI(now: "2026-11-20T14:03:00Z", timeZone: "UTC")
    defer { cli.cleanUp() }
    let logged = try cli.run("log", "water", "250ml", "--at", "07:30")
    #expect(logged.stdout.contains("at 7:30 AM"), "\(logged.stdout)")
    #expect(try cli.run("list", "today").stdout.contains("7:30 AM"))
    let hours = try cli.run("summary", "today").stdout
    #expect(hours.contains("7 AM"), "\(hours)")

    #expect(try cli.run("config", "--clock", "24h").stdout.contains("Clock:         24-hour"))
    #expect(try cli.run("list", "today").stdout.contains("07:30"))
    let again = try cli.run("summary", "today").stdout
    #expect(again.contains("07:00") && !again.contains(" AM"), "\(again)")

    let german = try cli.run("config", "--clock", "auto", extraEnvironment: ["LANG": "de_DE.UTF-8"])
    #expect(german.stdout.contains("Clock:         24-hour (the locale's)"), "\(german.stdout)")
    #expect(
      try cli.run("list", "today", extraEnvironment: ["LANG": "de_DE.UTF-8"]).stdout.contains(
        "07:30"))
    #expect(try cli.run("config", "--clock", "13h").status == 64)
  }
}
