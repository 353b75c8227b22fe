import Foundation
import LiquidusModel

/// The period a person asked about: an expression (`week`, `last-month`, `2026-11`), a range of
/// whole days, or nothing (the use case's default).
public struct PeriodSelection: Sendable, Hashable {
  /// A period expression, or `all`; nil for the default.
  public var expression: String?
  /// The first day of a custom range (YYYY-MM-DD); used with ``to``.
  public var from: String?
  /// The last day of a custom range, inclusive (YYYY-MM-DD); used with ``from``.
  public var to: String?
  /// What nothing means: `today` for a list, `week` for a summary, `all` for an export.
  public var defaultExpression: String

  /// A selection of `expression`, or of the range `from`...`to` when both are given.
  public init(
    expression: String? = nil, from: String? = nil, to: String? = nil, default: String
  ) {
    self.expression = expression
    self.from = from
    self.to = to
    defaultExpression = `default`
  }

  /// The period asked for, or the default one.
  /// - Throws: ``PeriodExpressionError`` for words that are not a period.
  public func resolve(in context: CalendarContext) throws -> Period {
    if let from, let to { return try PeriodExpression.range(from: from, to: to, in: context) }
    return try PeriodExpression.parse(expression ?? defaultExpression, in: context)
  }

  /// The period asked for, for a view that lays out each of its days (a summary, a report,
  /// caffeine): at most ``PeriodExpressionError/longestLaidOutYears`` long, so that its cost
  /// stays bounded whatever range is typed. `list` and `export` read only the entries of a
  /// range and take any.
  /// - Throws: ``PeriodExpressionError`` for words that are not a period, or a longer range.
  public func resolveForLayout(in context: CalendarContext) throws -> Period {
    let period = try resolve(in: context)
    let years = period.interval.duration / (365.2425 * 86_400)
    if years > Double(PeriodExpressionError.longestLaidOutYears) + 0.01 {
      throw PeriodExpressionError.tooLongToLayOut(
        from: from ?? "", to: to ?? "", years: Int(years.rounded()))
    }
    return period
  }

  /// The instants asked for: those of the period or range, or every instant when the period
  /// is `all` (or is not given and `all` is the default).
  public func interval(in context: CalendarContext) throws -> DateInterval {
    if (from == nil) != (to == nil) {
      // An open range (`export --from` alone): from that day on, or up to it.
      let start = try from.map { try Self.day($0, in: context).start } ?? .distantPast
      let end = try to.map { try Self.day($0, in: context).end } ?? .distantFuture
      return Self.storable(DateInterval(start: start, end: end))
    }
    let typed = expression?.trimmingCharacters(in: .whitespaces).lowercased()
    if from == nil && (typed ?? defaultExpression) == "all" {
      return DateInterval(start: .distantPast, end: .distantFuture)
    }
    return Self.storable(try resolve(in: context).interval)
  }

  /// The instants of the local day `text` (YYYY-MM-DD).
  /// - Throws: ``PeriodExpressionError`` for text that is not a day.
  static func day(_ text: String, in context: CalendarContext) throws -> DateInterval {
    try PeriodExpression.range(from: text, to: text, in: context).interval
  }

  /// `interval` cut to the instants an entry can have. Stored instants are text that sorts by
  /// time only up to year 9999: the end of 9999-12-31 is 10000-01-01, which sorts before every
  /// entry, so `--to 9999-12-31` found nothing.
  static func storable(_ interval: DateInterval) -> DateInterval {
    let last = Date(timeIntervalSince1970: 253_402_300_799.999)  // 9999-12-31T23:59:59.999Z
    guard interval.end > last else { return interval }
    return DateInterval(start: min(interval.start, last), end: last)
  }
}
