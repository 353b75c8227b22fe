import Foundation

/// Short wall-clock texts for messages: `14:03`, `yesterday 21:00`, `Nov 19, 2026 08:15`.
public enum ClockText {
  /// The instant as a local time, with the day named when it is not today.
  public static func describe(_ instant: Date, in context: CalendarContext) -> String {
    let calendar = context.calendar
    let time = time(instant, in: context)
    if calendar.isDate(instant, inSameDayAs: context.now) { return time }
    if let yesterday = calendar.date(byAdding: .day, value: -1, to: context.now),
      calendar.isDate(instant, inSameDayAs: yesterday)
    {
      return "yesterday \(time)"
    }
    return "\(localDate(instant, calendar: calendar)) \(time)"
  }

  /// `19:30` or `7:30 PM` in the context's zone, as its ``ClockStyle`` writes times.
  public static func time(_ instant: Date, in context: CalendarContext) -> String {
    let (hour, minute) = wallClock(instant, in: context.timeZone)
    switch context.clock {
    case .twentyFourHour: return "\(padded(hour, 2)):\(padded(minute, 2))"
    case .twelveHour:
      let (shown, half) = twelveHour(hour)
      return "\(shown):\(padded(minute, 2)) \(half)"
    }
  }

  /// An hour of the day (0-23) on a 12-hour clock: `(7, "PM")` for 19, `(12, "AM")` for 0.
  private static func twelveHour(_ hour: Int) -> (hour: Int, half: String) {
    ((hour + 11) % 12 + 1, hour < 12 ? "AM" : "PM")
  }

  /// The hour and minute `instant` shows on a wall clock in `zone`: the zone's offset at that
  /// instant added, the day's seconds counted. The same as the Gregorian calendar's components,
  /// without the `Set` of components `dateComponents` takes, whose first use cost `log` a
  /// thirtieth of its instructions.
  static func wallClock(_ instant: Date, in zone: TimeZone) -> (hour: Int, minute: Int) {
    let local = instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant))
    let seconds = Int(local.rounded(.down)) % 86_400
    let ofDay = seconds < 0 ? seconds + 86_400 : seconds
    return (ofDay / 3600, ofDay % 3600 / 60)
  }

  /// `HH:mm` on a 24-hour clock in the calendar's zone, whatever the clock style: the form a
  /// time field holds, which `--at` and the page's edit form read back.
  public static func hoursAndMinutes(_ instant: Date, calendar: Calendar) -> String {
    let (hour, minute) = wallClock(instant, in: calendar.timeZone)
    return "\(padded(hour, 2)):\(padded(minute, 2))"
  }

  /// `19:00` or `7 PM`: an hour on the hour, as the context writes times (chart axes).
  public static func hour(_ instant: Date, in context: CalendarContext) -> String {
    let hour = context.calendar.component(.hour, from: instant)
    switch context.clock {
    case .twentyFourHour: return "\(padded(hour, 2)):00"
    case .twelveHour:
      let (shown, half) = twelveHour(hour)
      return "\(shown) \(half)"
    }
  }

  /// `YYYY-MM-DD` in the calendar's zone.
  public static func localDate(_ instant: Date, calendar: Calendar) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: instant)
    return "\(padded(parts.year, 4))-\(padded(parts.month, 2))-\(padded(parts.day, 2))"
  }

  /// ISO 8601 with the local offset, e.g. `2026-11-20T08:15:00-05:00`; `Z` in UTC.
  public static func iso8601(_ instant: Date, timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: instant)
    let base =
      "\(padded(parts.year, 4))-\(padded(parts.month, 2))-\(padded(parts.day, 2))"
      + "T\(padded(parts.hour, 2)):\(padded(parts.minute, 2)):\(padded(parts.second, 2))"
    let offset = timeZone.secondsFromGMT(for: instant)
    if offset == 0 { return base + "Z" }
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    return base + "\(sign)\(padded(minutes / 60, 2)):\(padded(minutes % 60, 2))"
  }

  /// `value` with leading zeros to `width` digits. (`String(format:)` would do, but its C
  /// varargs cost a protocol-conformance search that `liquidus log` feels at start-up.)
  package static func padded(_ value: Int?, _ width: Int) -> String {
    let digits = String(value ?? 0)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
