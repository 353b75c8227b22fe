import LiquidusAnalysis
import LiquidusModel
import LiquidusStore

/// Intake for a period by bucket and drink, goal days, streaks and change: `summary`,
/// `GET /api/summary`.
public struct ShowSummary: UseCase {
  public init() {}

  /// Which period and drinks.
  public struct Request: Sendable, Hashable {
    /// The period; this week by default.
    public var period: PeriodSelection
    /// Only these types; empty for all.
    public var typeNames: [String]

    public init(period: PeriodSelection, typeNames: [String] = []) {
      self.period = period
      self.typeNames = typeNames
    }
  }

  /// The period's trend report.
  /// - Throws: ``PeriodExpressionError`` for a bad period, ``StoreError`` for an unknown type.
  public func run(_ request: Request, in context: CallContext) throws -> TrendReport {
    let period = try request.period.resolve(in: context.calendar)
    return try TrendEngine(store: context.store).report(for: period, typeNames: request.typeNames)
  }
}
