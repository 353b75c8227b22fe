import LiquidusAnalysis
import LiquidusModel
import LiquidusStore

/// Intake for a period by bucket and drink, goal days, streaks and change: `summary`,
/// `GET /api/summary`.
public struct ShowSummary: UseCase {
  public init() {}

  /// The period and drinks, as ``PeriodQuery`` holds them.
  public typealias Request = PeriodQuery

  /// The period's trend report.
  /// - Throws: ``PeriodExpressionError`` for a bad period, ``StoreError`` for an unknown type.
  public func run(_ request: Request, in context: CallContext) throws -> TrendReport {
    let period = try request.period.resolveForLayout(in: context.calendar)
    return try TrendEngine(store: context.store).report(for: period, typeNames: request.typeNames)
  }
}
