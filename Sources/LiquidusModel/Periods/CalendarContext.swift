import Foundation

/// When and where a computation happens: the instant "now" and the calendar to read it with.
///
/// The library never reads the clock, the time zone or the locale from globals; every period,
/// label and total is computed against a context, so a test (or `LIQUIDUS_NOW`) can pin it.
///
/// ```swift
/// let context = CalendarContext(
///   now: try Date("2026-11-20T14:03:00Z", strategy: .iso8601),
///   timeZone: TimeZone(identifier: "Europe/Berlin")!)
/// let today = Day(containing: context.now, in: context)
/// ```
public struct CalendarContext: Sendable, Hashable {
  /// The instant treated as "now".
  public var now: Date
  /// A Gregorian calendar carrying the time zone, first weekday and locale.
  public var calendar: Calendar

  /// The time zone local calendar units are measured in.
  public var timeZone: TimeZone { calendar.timeZone }
  /// The locale labels are written in.
  public var locale: Locale { calendar.locale ?? Locale(identifier: "en_US") }
  /// How times of day are written: the person's choice, or the locale's.
  public var clock: ClockStyle

  /// Creates a context.
  /// - Parameters:
  ///   - now: The instant treated as "now".
  ///   - timeZone: The zone whose local days, weeks and months buckets follow.
  ///   - firstWeekday: 1 for Sunday (the default), 2 for Monday, as `Calendar` counts.
  ///   - locale: The locale labels are written in; en_US by default.
  ///   - clock: 12- or 24-hour times; nil for the locale's.
  public init(
    now: Date,
    timeZone: TimeZone,
    firstWeekday: Int = 1,
    locale: Locale = Locale(identifier: "en_US"),
    clock: ClockStyle? = nil
  ) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    // The locale first: setting it resets the first weekday to the locale's own (Monday in
    // Germany), and the person's setting must win.
    calendar.locale = locale
    calendar.firstWeekday = firstWeekday
    self.now = now
    self.calendar = calendar
    self.clock = clock ?? ClockStyle.of(locale)
  }
}
