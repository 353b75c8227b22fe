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
    // One reader, copied for each form: a copy shares the scalars and has its own position.
    let reader = ExpressionReader(expression)
    if let (amount, unit) = readAgo(reader) {
      return try ago(amount, unit: unit, trimmed, context)
    }
    if let (daysBack, clock) = readClock(reader) {
      let today = context.localDate(of: context.now)
      guard let date = today.adding(days: -daysBack, in: context.dateArithmetic) else {
        throw .outOfRange(trimmed)
      }
      return try localInstant(date, clock, trimmed, context)
    }
    if let dateTime = readDateTime(reader) {
      let date = dateTime.date
      guard date.year >= 1, date.isValid(in: context.dateArithmetic) else {
        throw .impossibleDate(trimmed)
      }
      guard let offset = dateTime.offset else {
        // Fractional seconds belong to the ISO 8601 form with an offset (`...00.250Z`), as the
        // accepted forms say; a local wall time takes whole seconds.
        guard dateTime.fraction == nil else { throw .unknown(trimmed) }
        return try localInstant(date, dateTime.clock, trimmed, context)
      }
      let instant = try fixedOffsetInstant(date, dateTime.clock, offset: offset, trimmed, context)
      return instant.addingTimeInterval(dateTime.fraction.flatMap { Double("0." + $0) } ?? 0)
    }
    throw .unknown(trimmed)
  }

  private typealias Clock = (hour: Int, minute: Int, second: Int?)

  /// An offset from UTC as written: `z`, `+01:00`, `-0530`.
  private typealias Offset = (sign: Int, hours: Int, minutes: Int)

  /// `15m ago`: `(\d{1,9})\s*([smhd])\s+ago`.
  private static func readAgo(_ start: ExpressionReader) -> (amount: Int, unit: String)? {
    var reader = start
    guard let amount = reader.number(digits: 1...9) else { return nil }
    reader.whitespace()
    guard let unit = reader.oneOf(["s", "m", "h", "d"]), reader.whitespace(atLeastOne: true),
      reader.skip("ago"), reader.atEnd
    else { return nil }
    return (amount, unit)
  }

  /// `07:30`, `yesterday 21:00:05`: `(?:(today|yesterday)\s+)?(\d{1,2}):(\d{2})(?::(\d{2}))?`,
  /// with how many days back the day is.
  private static func readClock(_ start: ExpressionReader) -> (daysBack: Int, clock: Clock)? {
    var reader = start
    let day = reader.oneOf(["today", "yesterday"])
    guard day == nil || reader.whitespace(atLeastOne: true),
      let clock = readClockTime(&reader, hourDigits: 1...2), reader.atEnd
    else { return nil }
    return (day == "yesterday" ? 1 : 0, clock)
  }

  /// `2026-11-20 08:15`, `2026-11-20t08:15:00.250+01:00`:
  /// `(\d{4})-(\d{2})-(\d{2})(?:\s+|t)(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(z|[+-]\d{2}:?\d{2})?`.
  private static func readDateTime(_ start: ExpressionReader)
    -> (date: LocalDate, clock: Clock, fraction: String?, offset: Offset?)?
  {
    var reader = start
    guard let year = reader.number(digits: 4...4), reader.skip("-"),
      let month = reader.number(digits: 2...2), reader.skip("-"),
      let day = reader.number(digits: 2...2),
      reader.whitespace(atLeastOne: true) || reader.skip("t"),
      let clock = readClockTime(&reader, hourDigits: 2...2)
    else { return nil }
    let fraction = clock.second == nil ? nil : reader.fractionDigits()
    var offset: Offset?
    if reader.skip("z") {
      offset = (1, 0, 0)
    } else if let sign = reader.oneOf(["+", "-"]) {
      guard let hours = reader.number(digits: 2...2) else { return nil }
      _ = reader.skip(":")  // `+01:00` and `+0100` alike
      guard let minutes = reader.number(digits: 2...2) else { return nil }
      offset = (sign == "-" ? -1 : 1, hours, minutes)
    }
    guard reader.atEnd else { return nil }
    return (LocalDate(year: year, month: month, day: day), clock, fraction, offset)
  }

  /// `hh:mm` with optional `:ss`.
  private static func readClockTime(
    _ reader: inout ExpressionReader, hourDigits: ClosedRange<Int>
  ) -> Clock? {
    guard let hour = reader.number(digits: hourDigits), reader.skip(":"),
      let minute = reader.number(digits: 2...2)
    else { return nil }
    guard reader.skip(":") else { return (hour, minute, nil) }
    guard let second = reader.number(digits: 2...2) else { return nil }
    return (hour, minute, second)
  }

  private static func ago(
    _ amount: Int, unit: String, _ text: String, _ context: CalendarContext
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
    _ date: LocalDate, _ clock: Clock, offset: Offset, _ text: String,
    _ context: CalendarContext
  ) throws(TimeExpressionError) -> Date {
    guard offset.hours <= 18, offset.minutes <= 59 else { throw .impossibleClockTime(text) }
    let seconds = (offset.hours * 3600 + offset.minutes * 60) * offset.sign
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
    let second = clock.second ?? 0
    guard (0...23).contains(clock.hour), (0...59).contains(clock.minute), (0...59).contains(second)
    else { throw .impossibleClockTime(text) }
    return DateComponents(
      year: date.year, month: date.month, day: date.day,
      hour: clock.hour, minute: clock.minute, second: second)
  }
}
