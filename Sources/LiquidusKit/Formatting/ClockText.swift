import Foundation

/// Short wall-clock texts for messages: `14:03`, `yesterday 21:00`, `Nov 19, 2026 08:15`.
public enum ClockText {
  /// The instant as a local time, with the day named when it is not today.
  public static func describe(_ instant: Date, in context: CalendarContext) -> String {
    let calendar = context.calendar
    let time = hoursAndMinutes(instant, calendar: calendar)
    if calendar.isDate(instant, inSameDayAs: context.now) { return time }
    if let yesterday = calendar.date(byAdding: .day, value: -1, to: context.now),
      calendar.isDate(instant, inSameDayAs: yesterday)
    {
      return "yesterday \(time)"
    }
    return "\(localDate(instant, calendar: calendar)) \(time)"
  }

  /// `HH:mm` on a 24-hour clock in the calendar's zone.
  public static func hoursAndMinutes(_ instant: Date, calendar: Calendar) -> String {
    let parts = calendar.dateComponents([.hour, .minute], from: instant)
    return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
  }

  /// `YYYY-MM-DD` in the calendar's zone.
  public static func localDate(_ instant: Date, calendar: Calendar) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: instant)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
  }

  /// ISO 8601 with the local offset, e.g. `2026-11-20T08:15:00-05:00`; `Z` in UTC.
  public static func iso8601(_ instant: Date, timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: instant)
    let base = String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    let offset = timeZone.secondsFromGMT(for: instant)
    if offset == 0 { return base + "Z" }
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    return base + String(format: "%@%02d:%02d", sign, minutes / 60, minutes % 60)
  }
}
