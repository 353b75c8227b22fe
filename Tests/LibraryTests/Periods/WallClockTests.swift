import Foundation
import LiquidusTestSupport
import Testing

@testable import LiquidusModel

/// `ClockText.wallClock` (the hour and minute a time shows, from the zone's offset alone)
/// agrees with the Gregorian calendar's components, in zones with DST, odd offsets and the
/// seconds of local mean time, on both sides of 1970.
@Suite struct WallClockTests {
  static let zones = [
    "UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu",
    "Pacific/Chatham", "America/St_Johns", "Europe/Amsterdam", "Pacific/Apia",
  ]

  @Test func agreesWithTheCalendarAtRandomInstants() throws {
    var random = SeededRandom()
    for _ in 0..<20_000 {
      let zone = try #require(TimeZone(identifier: Self.zones.randomElement(using: &random)!))
      // 1890 (Amsterdam's local mean time, +00:19:32) to 2100, to the millisecond.
      let instant = Date(
        timeIntervalSince1970: Double(
          Int64.random(
            in: -2_524_608_000_000...4_102_444_800_000,
            using: &random)) / 1000)
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      let parts = calendar.dateComponents([.hour, .minute], from: instant)
      let clock = ClockText.wallClock(instant, in: zone)
      #expect(
        clock.hour == parts.hour && clock.minute == parts.minute,
        "\(instant) in \(zone.identifier), \(random)")
    }
  }

  @Test func theHoursAroundAChangeOfTheClocks() throws {
    // Berlin, 2026-03-29: 01:59 UTC+1 is followed by 03:00 UTC+2.
    let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
    let before = Date(timeIntervalSince1970: 1_774_745_940)  // 00:59 UTC
    #expect(ClockText.wallClock(before, in: zone) == (1, 59))
    #expect(ClockText.wallClock(before.addingTimeInterval(60), in: zone) == (3, 0))
  }
}
