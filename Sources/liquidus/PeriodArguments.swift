import LiquidusKit

/// Turns a command's period argument or `--from`/`--to` pair into a period.
enum PeriodArguments {
  static func resolve(
    period: String?, from: String?, to: String?, default fallback: String,
    in context: CalendarContext
  ) throws -> Period {
    if let from, let to {
      return try PeriodExpression.range(from: from, to: to, in: context)
    }
    return try PeriodExpression.parse(period ?? fallback, in: context)
  }
}
