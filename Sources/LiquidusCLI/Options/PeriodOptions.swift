import ArgumentParser
import Foundation
import LiquidusModel
import LiquidusUseCases

/// The period every period-taking command reads: a `PERIOD` expression, or `--from`/`--to`
/// for a range of whole days, with the command's own default when neither is given.
///
/// ```swift
/// @OptionGroup var period: PeriodOptions<WeekByDefault>
/// let report = try ShowSummary().run(.init(period: period.selection), in: live.call)
/// ```
struct PeriodOptions<Default: DefaultPeriod>: ParsableArguments {
  @Argument(help: "The period (default: \(Default.expression)).") var period: String?
  @Option(help: "The first day of a custom range (YYYY-MM-DD).") var from: String?
  @Option(help: "The last day of a custom range, inclusive (YYYY-MM-DD).") var to: String?

  /// `--from` and `--to` go together (unless the command reads an open range, as `export`
  /// does), and replace the period argument rather than add to it.
  func validate() throws {
    if (from == nil) != (to == nil) && !Default.allowsOpenRange {
      throw ValidationError("Give both --from and --to (inclusive days, YYYY-MM-DD).")
    }
    if from != nil && period != nil {
      throw ValidationError("Give either a period or --from/--to, not both.")
    }
  }

  /// What was asked for, as the use cases take it.
  var selection: PeriodSelection {
    PeriodSelection(expression: period, from: from, to: to, default: Default.expression)
  }
}

/// What a command shows when no period is given.
protocol DefaultPeriod {
  /// A period expression, or `all`.
  static var expression: String { get }
  /// Whether `--from` or `--to` may come alone: from that day on, or up to it.
  static var allowsOpenRange: Bool { get }
}

extension DefaultPeriod {
  static var allowsOpenRange: Bool { false }
}

/// `list` shows today by default.
enum TodayByDefault: DefaultPeriod { static let expression = "today" }
/// `summary` and `report` show this week by default.
enum WeekByDefault: DefaultPeriod { static let expression = "week" }
/// `export` writes every entry by default, and takes `--from` or `--to` alone.
enum EverythingByDefault: DefaultPeriod {
  static let expression = "all"
  static let allowsOpenRange = true
}
