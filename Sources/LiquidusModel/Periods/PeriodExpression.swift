import Foundation

/// Reads the period expressions every command accepts, such as `last-week` or `2026-H1-1`.
///
/// Forms: `today`, `yesterday`, `week`, `last-week`, `month`, `last-month`, `half-year`, `year`,
/// `last-year`
/// (relative to the context's `now`), `2026-11-20` (a day), `2026-11` (a month), `2026-H1` and
/// `2026-H2` (half-years ending June and December), `2026` (the calendar year),
/// `week:2026-11-20` (the week containing that day), each optionally followed by a step such
/// as `-1` or `+2` in units of its own kind. Case-insensitive; surrounding spaces are ignored.
///
/// ```swift
/// let period = try PeriodExpression.parse("month+2", in: context)
/// ```
public struct PeriodExpression {
  /// The largest step accepted, which keeps every result inside the years 0001...9999.
  static let maximumStep = 999_999

  /// Parses a period expression.
  ///
  /// - Parameters:
  ///   - text: The expression, e.g. `last-month` or `2026-H2`.
  ///   - context: The context supplying `now`, the zone and the first weekday.
  /// - Returns: The period the expression names.
  /// - Throws: ``PeriodExpressionError`` saying what was wrong and listing the accepted forms.
  public static func parse(_ text: String, in context: CalendarContext)
    throws(PeriodExpressionError) -> Period
  {
    let expression = Self.spoken(text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    guard !expression.isEmpty else { throw .empty }
    if let period = try base(expression, context) { return period }
    guard let match = expression.wholeMatch(of: #/(.+)([+-])(\d+)/#),
      let base = try base(String(match.1), context)
    else { throw .unknown(text.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard let magnitude = Int(match.3), magnitude <= maximumStep else {
      throw .outOfRange(expression)
    }
    return try step(base, by: match.2 == "-" ? -magnitude : magnitude, expression)
  }

  /// `last week` as people say it (`last-week`), and `this month` as the current one
  /// (`month`): a period quoted as one argument, or sent by the API, reads like its words.
  private static func spoken(_ expression: String) -> String {
    let words = expression.split(whereSeparator: \.isWhitespace)
    guard words.count == 2 else { return expression }
    switch words[0] {
    case "last": return "last-\(words[1])"
    case "this": return String(words[1])
    default: return expression
    }
  }

  /// Builds the custom range `--from DATE --to DATE`, both days included.
  ///
  /// - Parameters:
  ///   - from: The first day, `YYYY-MM-DD`.
  ///   - to: The last day, `YYYY-MM-DD`, on or after `from`.
  ///   - context: The context supplying the zone.
  /// - Returns: A ``Period/range(_:)``.
  /// - Throws: ``PeriodExpressionError`` for a malformed or impossible day or a reversed range.
  public static func range(from: String, to: String, in context: CalendarContext)
    throws(PeriodExpressionError) -> Period
  {
    let first = try day(from, context)
    let last = try day(to, context)
    guard let range = DayRange(from: first, through: last) else {
      throw .rangeEndsBeforeStart(from: from, to: to)
    }
    return .range(range)
  }

  private static func day(_ text: String, _ context: CalendarContext)
    throws(PeriodExpressionError) -> Day
  {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let match = trimmed.wholeMatch(of: #/(\d{4})-(\d{2})-(\d{2})/#) else {
      throw .notADay(trimmed)
    }
    let date = try ISODate.day(match.1, match.2, match.3, trimmed, context)
    return Day(containing: context.startOfDay(date), in: context)
  }

  /// The period named by `expression` without a step, or `nil` if it names none.
  private static func base(_ expression: String, _ context: CalendarContext)
    throws(PeriodExpressionError) -> Period?
  {
    let now = context.now
    switch expression {
    case "today": return .day(Day(containing: now, in: context))
    case "yesterday": return .day(Day(containing: now, in: context).previous)
    case "week": return .week(Week(containing: now, in: context))
    case "last-week": return .week(Week(containing: now, in: context).previous)
    case "month": return .month(Month(containing: now, in: context))
    case "last-month": return .month(Month(containing: now, in: context).previous)
    case "half-year": return .halfYear(HalfYear(containing: now, in: context))
    case "year": return .year(Year(containing: now, in: context))
    case "last-year": return .year(Year(containing: now, in: context).previous)
    default: return try ISODate.period(expression, context)
    }
  }

  private static func step(_ period: Period, by count: Int, _ expression: String)
    throws(PeriodExpressionError) -> Period
  {
    let startYear = period.context.localDate(of: period.interval.start).year
    let yearsPerStep: Double =
      switch period.kind {
      case .day: 1 / 365
      case .week: 7 / 365
      case .month: 1 / 12
      case .halfYear: 1 / 2
      default: 1
      }
    // Refuse before computing: calendar arithmetic far outside 0001...9999 is meaningless.
    guard (1.0...9999.0).contains(Double(startYear) + Double(count) * yearsPerStep) else {
      throw .outOfRange(expression)
    }
    let shifted: Period? =
      switch period {
      case .day(let day): day.shifted(by: count).map(Period.day)
      case .week(let week): week.shifted(by: count).map(Period.week)
      case .month(let month): .month(month.shifted(by: count))
      case .halfYear(let halfYear): .halfYear(halfYear.shifted(by: count))
      case .year(let year): .year(year.shifted(by: count))
      case .hour, .range: nil
      }
    guard let shifted else { throw .outOfRange(expression) }
    return shifted
  }
}
