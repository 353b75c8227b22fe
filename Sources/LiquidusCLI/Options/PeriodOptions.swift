import ArgumentParser
import Foundation
import LiquidusModel

/// The period every period-taking command reads: a `PERIOD` expression, or `--from`/`--to`
/// for a range of whole days, with the command's own default when neither is given.
///
/// ```swift
/// @OptionGroup var period: PeriodOptions<WeekByDefault>
/// let selected = try period.resolve(in: live.context)
/// ```
struct PeriodOptions<Default: DefaultPeriod>: ParsableArguments {
  @Argument(help: "The period (default: \(Default.expression)).") var period: String?
  @Option(help: "The first day of a custom range (YYYY-MM-DD).") var from: String?
  @Option(help: "The last day of a custom range, inclusive (YYYY-MM-DD).") var to: String?

  /// `--from` and `--to` go together, and replace the period argument rather than add to it.
  func validate() throws {
    if (from == nil) != (to == nil) {
      throw ValidationError("Give both --from and --to (inclusive days, YYYY-MM-DD).")
    }
    if from != nil && period != nil {
      throw ValidationError("Give either a period or --from/--to, not both.")
    }
  }

  /// The period asked for, or the default one.
  func resolve(in context: CalendarContext) throws -> Period {
    if let from, let to {
      return try PeriodExpression.range(from: from, to: to, in: context)
    }
    return try PeriodExpression.parse(period ?? Default.expression, in: context)
  }

  /// The instants asked for: those of the period or range, or every instant when the period
  /// is `all` (or is not given and `all` is the default).
  func interval(in context: CalendarContext) throws -> DateInterval {
    let expression = period?.trimmingCharacters(in: .whitespaces).lowercased()
    if from == nil && (expression ?? Default.expression) == "all" {
      return DateInterval(start: .distantPast, end: .distantFuture)
    }
    return try resolve(in: context).interval
  }
}

/// What a command shows when no period is given.
protocol DefaultPeriod {
  /// A period expression, or `all`.
  static var expression: String { get }
}

/// `list` shows today by default.
enum TodayByDefault: DefaultPeriod { static let expression = "today" }
/// `summary` and `report` show this week by default.
enum WeekByDefault: DefaultPeriod { static let expression = "week" }
/// `export` writes every entry by default.
enum EverythingByDefault: DefaultPeriod { static let expression = "all" }
