import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel

/// The schedule as a pure function of (settings, drinks, now), against cases worked by hand.
/// Berlin, a goal of 2,000 mL, a window of 08:00-22:00 (840 minutes) and 60m-120m unless
/// a case says otherwise.
@Suite struct ReminderScheduleTests {
  static let berlin = TimeZone(identifier: "Europe/Berlin")!

  static func at(_ text: String) -> Date {
    // Local Berlin wall time in winter (UTC+1) unless the text carries its own offset.
    let iso = text.contains("+") || text.hasSuffix("Z") ? text : text + "+01:00"
    return ISO8601DateFormatter().date(from: iso.replacingOccurrences(of: " ", with: "T"))!
  }

  static func schedule(
    every: (Int, Int) = (60, 120), from: String = "08:00", until: String = "22:00",
    mode: ReminderSettings.Mode = .afterDrink, zone: TimeZone = berlin
  ) -> ReminderSchedule {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let settings = ReminderSettings(
      minimumInterval: .seconds(every.0 * 60), maximumInterval: .seconds(every.1 * 60),
      from: WallClockTime(parsing: from)!, until: WallClockTime(parsing: until)!, mode: mode,
      isEnabled: true)
    return ReminderSchedule(settings: settings, goal: Volume(milliliters: 2000), calendar: calendar)
  }

  static func drink(_ time: String, _ milliliters: Double, _ name: String = "Water")
    -> ReminderSchedule.Intake
  {
    .init(instant: at(time), volume: Volume(milliliters: milliliters), drinkName: name)
  }

  static func close(_ volume: Volume, _ expected: Double) -> Bool {
    abs(volume.milliliters - expected) < 0.01
  }

  @Test func beforeTheWindowItIsQuietAndTheFirstDrinkIsDueAnHourIn() {
    let state = Self.schedule().state(drinks: [], now: Self.at("2026-11-20 07:00:00"))
    #expect(state.quiet)
    #expect(state.window.start == Self.at("2026-11-20 08:00:00"))
    #expect(state.window.end == Self.at("2026-11-20 22:00:00"))
    #expect(state.nextDueAt == Self.at("2026-11-20 09:00:00"))
    #expect(!state.isDue && state.overdueMinutes == 0)
    #expect(state.lastDrink == nil && state.expected == .zero)
  }

  @Test func aDayWithNoDrinksIsOverdueFromTheFirstHour() {
    let state = Self.schedule().state(drinks: [], now: Self.at("2026-11-20 12:00:00"))
    #expect(!state.quiet && state.isDue)
    #expect(state.nextDueAt == Self.at("2026-11-20 09:00:00"))
    #expect(state.reason == .behindPace)
    #expect(state.overdueMinutes == 180)
    #expect(Self.close(state.expected, 2000 * 240 / 840))  // 571.43 mL
    #expect(Self.close(state.behind, 2000 * 240 / 840))
  }

  @Test func aDrinkJustLoggedWhileBehindIsFollowedAfterTheShortestWait() {
    let state = Self.schedule().state(
      drinks: [Self.drink("2026-11-20 12:00:00", 500)], now: Self.at("2026-11-20 12:00:00"))
    #expect(state.lastDrink?.instant == Self.at("2026-11-20 12:00:00"))
    #expect(state.nextDueAt == Self.at("2026-11-20 13:00:00"))
    #expect(state.reason == .behindPace)
    #expect(Self.close(state.behind, 2000 * 240 / 840 - 500))  // 71.43 mL behind
    #expect(!state.isDue)
  }

  @Test func aheadOfPaceTheLongestWaitApplies() {
    let drinks = [Self.drink("2026-11-20 08:30:00", 1000), Self.drink("2026-11-20 10:00:00", 500)]
    let state = Self.schedule().state(drinks: drinks, now: Self.at("2026-11-20 10:30:00"))
    #expect(state.nextDueAt == Self.at("2026-11-20 12:00:00"))
    #expect(state.reason == .longestWait)
    #expect(Self.close(state.behind, 2000 * 150 / 840 - 1500))  // negative: ahead
    #expect(state.behind.milliliters < 0)
  }

  @Test func inBetweenTheDrinkIsDueWhenIntakeFallsBehindPace() {
    // 500 of 2,000 mL is a quarter: the pace line reaches it a quarter into the window, 11:30.
    let state = Self.schedule().state(
      drinks: [Self.drink("2026-11-20 10:00:00", 500)], now: Self.at("2026-11-20 10:05:00"))
    #expect(state.nextDueAt == Self.at("2026-11-20 11:30:00"))
    #expect(state.reason == .fallingBehind)
  }

  @Test func afterTheWindowTheNextDayStartsFromNothing() {
    let drinks = [Self.drink("2026-11-20 18:00:00", 1200)]
    let state = Self.schedule().state(drinks: drinks, now: Self.at("2026-11-20 23:00:00"))
    #expect(state.quiet)
    #expect(state.window.start == Self.at("2026-11-21 08:00:00"))
    #expect(state.intake == .zero && state.lastDrink == nil)
    #expect(state.nextDueAt == Self.at("2026-11-21 09:00:00"))
  }

  @Test func aWindowAcrossMidnightCountsItsOwnShift() {
    let drinks = [
      Self.drink("2026-11-15 23:00:00", 900),  // the shift before: not counted
      Self.drink("2026-11-16 10:00:00", 300),  // after the previous shift ended at 04:00
      Self.drink("2026-11-16 21:00:00", 500),
    ]
    let state = Self.schedule(from: "20:00", until: "04:00").state(
      drinks: drinks, now: Self.at("2026-11-17 02:00:00"))
    #expect(!state.quiet)
    #expect(state.window.start == Self.at("2026-11-16 20:00:00"))
    #expect(state.window.end == Self.at("2026-11-17 04:00:00"))
    #expect(state.intake == Volume(milliliters: 800))
    #expect(Self.close(state.expected, 2000 * 360 / 480))
    // The pace reaches 800 mL at 20:00 + 0.4 x 8 h = 23:12, after the longest wait (23:00).
    #expect(state.nextDueAt == Self.at("2026-11-16 23:00:00"))
    #expect(state.reason == .longestWait && state.overdueMinutes == 180)
  }

  @Test func aSpringForwardMorningHasAnHourLessAndNoDueTimeInTheGap() {
    // 2026-03-29 in Berlin: 02:00 CET becomes 03:00 CEST. Window 01:00-09:00 is 7 real hours.
    let state = Self.schedule(from: "01:00", until: "09:00").state(
      drinks: [], now: Self.at("2026-03-29T05:00:00+02:00"))
    #expect(state.window.duration == 7 * 3600)
    #expect(Self.close(state.expected, 2000 * 3 / 7))  // 3 of 7 real hours gone
    // 60 minutes after 01:00 CET is 03:00 CEST; 02:00 never shows on the wall.
    #expect(state.nextDueAt == Self.at("2026-03-29T03:00:00+02:00"))
    #expect(state.overdueMinutes == 120)
  }

  @Test func aWindowStartingInTheSkippedHourStartsWhenTheClockShowsALaterTime() {
    let state = Self.schedule(from: "02:30", until: "12:00").state(
      drinks: [], now: Self.at("2026-03-29T01:00:00+01:00"))
    #expect(state.quiet)
    #expect(state.window.start == Self.at("2026-03-29T03:00:00+02:00"))
  }

  @Test func nothingIsDueOnceTheGoalIsReached() {
    let drinks = [Self.drink("2026-11-20 09:00:00", 1500), Self.drink("2026-11-20 11:00:00", 500)]
    let state = Self.schedule().state(drinks: drinks, now: Self.at("2026-11-20 12:00:00"))
    #expect(state.goalMet && state.nextDueAt == nil && !state.isDue)
    #expect(state.reason == .goalMet)
  }

  @Test func nothingIsDueWhenTheWaitEndsAfterTheWindow() {
    let state = Self.schedule().state(
      drinks: [Self.drink("2026-11-20 21:30:00", 100)], now: Self.at("2026-11-20 21:40:00"))
    #expect(state.nextDueAt == nil && state.reason == .windowEnds)
  }

  @Test func aSnoozeMovesTheDueTimeToItsEnd() {
    let state = Self.schedule().state(
      drinks: [], now: Self.at("2026-11-20 12:00:00"), snoozedUntil: Self.at("2026-11-20 12:30:00"))
    #expect(state.nextDueAt == Self.at("2026-11-20 12:30:00"))
    #expect(state.reason == .snoozed && !state.isDue && state.overdueMinutes == 0)
    // A snooze that has run out changes nothing.
    let over = Self.schedule().state(
      drinks: [], now: Self.at("2026-11-20 12:00:00"), snoozedUntil: Self.at("2026-11-20 11:00:00"))
    #expect(over.nextDueAt == Self.at("2026-11-20 09:00:00") && over.snoozedUntil == nil)
  }

  @Test func drinksAfterNowAreIgnored() {
    let state = Self.schedule().state(
      drinks: [Self.drink("2026-11-20 13:00:00", 2000)], now: Self.at("2026-11-20 12:00:00"))
    #expect(state.intake == .zero && !state.goalMet && state.lastDrink == nil)
  }

  @Test(
    arguments: [
      // (last drink, now, due): slots every hour from 08:00; a slot with a drink since the one
      // before it is skipped.
      (nil, "2026-11-20 08:30:00", "2026-11-20 09:00:00"),
      ("2026-11-20 10:15:00", "2026-11-20 10:30:00", "2026-11-20 12:00:00"),
      ("2026-11-20 10:00:00", "2026-11-20 10:30:00", "2026-11-20 11:00:00"),
      ("2026-11-20 07:00:00", "2026-11-20 08:30:00", "2026-11-20 09:00:00"),
      // Nothing drunk by 11:30: the 11:00 slot is due, not the missed 09:00 one.
      (nil, "2026-11-20 11:30:00", "2026-11-20 11:00:00"),
      ("2026-11-20 08:15:00", "2026-11-20 11:30:00", "2026-11-20 11:00:00"),
    ] as [(String?, String, String)])
  func fixedModeKeepsTheClockScheduleAndSkipsASlot(last: String?, now: String, due: String) {
    let drinks = last.map { [Self.drink($0, 100)] } ?? []
    let state = Self.schedule(every: (60, 60), mode: .fixed).state(
      drinks: drinks, now: Self.at(now))
    #expect(state.nextDueAt == Self.at(due))
    #expect(state.reason == .fixedSlot)
  }

  @Test(arguments: [
    ("90m", 90, 90), ("60m-120m", 60, 120), ("1h30m-2h", 90, 120), ("2h", 120, 120),
  ])
  func intervalsReadAsWritten(text: String, low: Int, high: Int) throws {
    let (min, max) = try ReminderInterval.parseRange(text)
    #expect(min == .seconds(low * 60) && max == .seconds(high * 60))
  }

  @Test(arguments: [
    ("0m", ReminderError.intervalTooShort("0m")),
    ("120m-60m", .intervalReversed("120m-60m")),
    ("90", .unreadableInterval("90")),
    ("13h", .intervalTooLong("13h")),
    ("a-b-c", .unreadableInterval("a-b-c")),
  ])
  func badIntervalsAreRefusedWithTheReason(text: String, error: ReminderError) {
    #expect(throws: error) { try ReminderInterval.parseRange(text) }
  }

  @Test func clockTimesAreStrict() {
    #expect(WallClockTime(parsing: "08:00")?.minutes == 480)
    #expect(WallClockTime(parsing: "8:05")?.description == "08:05")
    for bad in ["25:00", "08:60", "8", "08:0", "-1:00", "08:00:00", "٠٨:٠٠"] {
      #expect(WallClockTime(parsing: bad) == nil, "\(bad)")
    }
  }
}
