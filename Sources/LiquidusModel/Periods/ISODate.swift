import Foundation

/// Strict readers for the ISO date forms of period expressions (`2026-11-20`, `2026-11`,
/// `2026-H1`, `2026`, `week:2026-11-20`).
///
/// Dates must be zero-padded: `2026-11-1` could be a day or "the month 2026-11, one back", so it
/// is refused with both readings suggested rather than guessed.
enum ISODate {
  /// The period `expression` names as an ISO form, `nil` if it is not one.
  static func period(_ expression: String, _ context: CalendarContext)
    throws(PeriodExpressionError) -> Period?
  {
    if let match = expression.wholeMatch(of: #/week:(\d{4})-(\d{2})-(\d{2})/#) {
      let date = try day(match.1, match.2, match.3, expression, context)
      return .week(Week(containing: context.startOfDay(date), in: context))
    }
    if let match = expression.wholeMatch(of: #/(\d{4})-(\d{2})-(\d{2})/#) {
      let date = try day(match.1, match.2, match.3, expression, context)
      return .day(Day(containing: context.startOfDay(date), in: context))
    }
    if let match = expression.wholeMatch(of: #/(\d{4})-(\d{2})/#) {
      let first = try month(match.1, match.2, expression)
      return .month(Month(first: first, context: context))
    }
    if let match = expression.wholeMatch(of: #/(\d{4})-h([12])/#) {
      let year = try year(match.1, expression)
      let last = LocalDate.firstOfMonth(year: year, month: match.2 == "1" ? 6 : 12)
      return .halfYear(HalfYear(referenceMonth: last, context: context))
    }
    if let match = expression.wholeMatch(of: #/\d{4}/#) {
      let year = try year(match.0, expression)
      return .year(Year(referenceMonth: .firstOfMonth(year: year, month: 12), context: context))
    }
    try rejectAmbiguous(expression)
    return nil
  }

  /// Validates a zero-padded day.
  static func day(
    _ year: Substring, _ month: Substring, _ day: Substring, _ text: String,
    _ context: CalendarContext
  ) throws(PeriodExpressionError) -> LocalDate {
    let first = try self.month(year, month, text)
    let date = LocalDate(year: first.year, month: first.month, day: Int(day) ?? 0)
    let arithmetic = context.dateArithmetic
    guard date.isValid(in: arithmetic) else {
      throw .impossibleDay(text, daysInMonth: first.daysInMonth(in: arithmetic) ?? 31)
    }
    return date
  }

  private static func month(_ year: Substring, _ month: Substring, _ text: String)
    throws(PeriodExpressionError) -> LocalDate
  {
    let year = try self.year(year, text)
    guard let month = Int(month), (1...12).contains(month) else {
      throw .impossibleMonth(text)
    }
    return .firstOfMonth(year: year, month: month)
  }

  private static func year(_ year: Substring, _ text: String) throws(PeriodExpressionError) -> Int {
    guard let year = Int(year), year >= 1 else { throw .outOfRange(text) }
    return year
  }

  /// Throws for `2026-11-1` and `2026-1`, which read both as a date and as a step.
  private static func rejectAmbiguous(_ expression: String) throws(PeriodExpressionError) {
    if let match = expression.wholeMatch(of: #/(\d{4})-(\d{2})-(\d)/#),
      let year = Int(match.1), let month = Int(match.2), let back = Int(match.3)
    {
      let earlier = LocalDate.firstOfMonth(year: year, month: month).addingMonths(-back)
      let monthForm = String(earlier.description.prefix(7))
      throw .ambiguous(expression, suggestions: ["\(match.1)-\(match.2)-0\(match.3)", monthForm])
    }
    if let match = expression.wholeMatch(of: #/(\d{4})-(\d)/#),
      let year = Int(match.1), let back = Int(match.2)
    {
      let yearForm = String(year - back).leftPadded(to: 4)
      throw .ambiguous(expression, suggestions: ["\(match.1)-0\(match.2)", yearForm])
    }
  }
}
