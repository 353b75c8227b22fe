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

  /// The instants asked for: those of the period or range, or every instant when the period
  /// is `all` (or is not given and `all` is the default).
  public func interval(in context: CalendarContext) throws -> DateInterval {
    let typed = expression?.trimmingCharacters(in: .whitespaces).lowercased()
    if from == nil && (typed ?? defaultExpression) == "all" {
      return DateInterval(start: .distantPast, end: .distantFuture)
    }
    return try resolve(in: context).interval
  }
}
