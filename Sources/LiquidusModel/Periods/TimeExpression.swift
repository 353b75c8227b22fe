import Foundation

/// Reads the instant given to `log --at`, such as `07:30`, `yesterday 21:00` or `15m ago`.
///
/// Local wall times are read in the context's zone: one skipped by a DST change is an error
/// (the user must say which instant they mean, with an offset), and one that occurs twice on a
/// fall-back night means its first occurrence. Future instants are returned as they are; the
/// caller decides whether to accept them.
public struct TimeExpression {
  /// Parses a time expression.
  ///
  /// - Parameters:
  ///   - text: The expression, e.g. `2026-11-20 08:15` or `2h ago`.
  ///   - context: The context supplying `now` and the zone.
  /// - Returns: The instant the expression names.
  /// - Throws: ``TimeExpressionError`` saying what was wrong and listing the accepted forms.
  public static func parse(_ text: String, in context: CalendarContext)
    throws(TimeExpressionError) -> Date
  {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let expression = trimmed.lowercased()
    if expression.isEmpty { throw .empty }
    if expression == "now" { return context.now }
    if let match = expression.wholeMatch(of: #/(\d{1,9})\s*([smhd])\s+ago/#) {
      return try ago(Int(match.1) ?? 0, unit: match.2, trimmed, context)
    }
    if let match = expression.wholeMatch(
      of: #/(?:(today|yesterday)\s+)?(\d{1,2}):(\d{2})(?::(\d{2}))?/#)
    {
      let today = context.localDate(of: context.now)
      let back = match.1 == "yesterday" ? -1 : 0
      guard let date = today.adding(days: back, in: context.dateArithmetic) else {
        throw .outOfRange(trimmed)
      }
      let clock = (hour: match.2, minute: match.3, second: match.4)
      return try localInstant(date, clock, trimmed, context)
    }
    // Multi-line regex literals ignore whitespace, so the parts can be laid out one per line.
    let dateTime =
      #/
      (\d{4})-(\d{2})-(\d{2}) (?:\s+|t)
      (\d{2}):(\d{2}) (?: :(\d{2}) (\.\d+)? )?
      (z|[+-]\d{2}:?\d{2})?
      /#
    if let match = expression.wholeMatch(of: dateTime) {
      let date = LocalDate(
        year: Int(match.1) ?? 0, month: Int(match.2) ?? 0, day: Int(match.3) ?? 0)
      guard date.year >= 1, date.isValid(in: context.dateArithmetic) else {
        throw .impossibleDate(trimmed)
      }
      let clock = (hour: match.4, minute: match.5, second: match.6)
      guard let offset = match.8 else {
        guard match.7 == nil else { throw .unknown(trimmed) }
        return try localInstant(date, clock, trimmed, context)
      }
      let instant = try fixedOffsetInstant(date, clock, offset: offset, trimmed, context)
      return instant.addingTimeInterval(match.7.flatMap { Double("0" + $0) } ?? 0)
    }
    throw .unknown(trimmed)
  }

  private typealias Clock = (hour: Substring, minute: Substring, second: Substring?)

  private static func ago(
    _ amount: Int, unit: Substring, _ text: String, _ context: CalendarContext
  ) throws(TimeExpressionError) -> Date {
    let component: Calendar.Component =
      switch unit {
      case "s": .second
      case "m": .minute
      case "h": .hour
      default: .day  // A calendar day: the same wall time yesterday, 23 or 25 h on DST days.
      }
    guard let instant = context.calendar.date(byAdding: component, value: -amount, to: context.now)
    else { throw .outOfRange(text) }
    // Years before 1 CE come back as era 0 with a positive year, so check the era too.
    let parts = context.calendar.dateComponents([.era, .year], from: instant)
    guard parts.era == 1, let year = parts.year, (1...9999).contains(year) else {
      throw .outOfRange(text)
    }
    return instant
  }

  /// The wall time `clock` on `date` in the context's zone, refusing times a DST gap skipped.
  private static func localInstant(
    _ date: LocalDate, _ clock: Clock, _ text: String, _ context: CalendarContext
  ) throws(TimeExpressionError) -> Date {
    var components = try components(date, clock, text)
    guard let instant = context.calendar.date(from: components) else {
      throw .nonexistentLocalTime(text, timeZone: context.timeZone.identifier)
    }
    // Foundation moves a skipped wall time forward; reading it back reveals the move. For a
    // repeated wall time it returns the first occurrence, which is what we want.
    let fields: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute, .second]
    var readBack = context.calendar.dateComponents(fields, from: instant)
    readBack.calendar = nil
    readBack.timeZone = nil
    components.calendar = nil
    guard readBack == components else {
      throw .nonexistentLocalTime(text, timeZone: context.timeZone.identifier)
    }
    return instant
  }

  /// The clock reading `clock` on `date` at a fixed UTC offset such as `+01:00` or `z`.
  private static func fixedOffsetInstant(
    _ date: LocalDate, _ clock: Clock, offset: Substring, _ text: String,
    _ context: CalendarContext
  ) throws(TimeExpressionError) -> Date {
    var seconds = 0
    if offset != "z" {
      let digits = offset.dropFirst().filter(\.isNumber)
      let hours = Int(digits.prefix(2)) ?? 0
      let minutes = Int(digits.suffix(2)) ?? 0
      guard hours <= 18, minutes <= 59 else { throw .impossibleClockTime(text) }
      seconds = (hours * 3600 + minutes * 60) * (offset.hasPrefix("-") ? -1 : 1)
    }
    var calendar = context.dateArithmetic
    guard let zone = TimeZone(secondsFromGMT: seconds) else { throw .impossibleClockTime(text) }
    calendar.timeZone = zone
    guard let instant = calendar.date(from: try components(date, clock, text)) else {
      throw .outOfRange(text)
    }
    return instant
  }

  private static func components(_ date: LocalDate, _ clock: Clock, _ text: String)
    throws(TimeExpressionError) -> DateComponents
  {
    guard let hour = Int(clock.hour), let minute = Int(clock.minute),
      let second = Int(clock.second ?? "00"),
      (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
    else { throw .impossibleClockTime(text) }
    return DateComponents(
      year: date.year, month: date.month, day: date.day,
      hour: hour, minute: minute, second: second)
  }
}
