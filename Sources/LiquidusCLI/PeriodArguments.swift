import ArgumentParser
import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore

/// Turns a command's period argument or `--from`/`--to` pair into a period.
enum PeriodArguments {
  /// The usage rules every period-taking command shares: `--from` and `--to` go together, and
  /// replace the period argument rather than add to it.
  static func validate(period: String?, from: String?, to: String?) throws {
    if (from == nil) != (to == nil) {
      throw ValidationError("Give both --from and --to (inclusive days, YYYY-MM-DD).")
    }
    if from != nil && period != nil {
      throw ValidationError("Give either a period or --from/--to, not both.")
    }
  }

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

extension PeriodArguments {
  /// The instants a command covers: those of the period or `--from`/`--to` range, or every
  /// instant when neither is given or the period is `all`.
  static func interval(
    period: String?, from: String?, to: String?, in context: CalendarContext
  ) throws -> DateInterval {
    let everything = DateInterval(start: .distantPast, end: .distantFuture)
    if from == nil && to == nil
      && (period == nil || period?.trimmingCharacters(in: .whitespaces).lowercased() == "all")
    {
      return everything
    }
    return try resolve(period: period, from: from, to: to, default: "all", in: context).interval
  }
}
