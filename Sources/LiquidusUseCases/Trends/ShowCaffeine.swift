import LiquidusAnalysis
import LiquidusModel
import LiquidusStore

/// Caffeine by day against the limit, in the body now, and when it falls below the sleep
/// level: `caffeine`, `GET /api/caffeine`.
public struct ShowCaffeine: UseCase {
  public init() {}

  /// Which period.
  public struct Request: Sendable, Hashable {
    /// The period; this week by default.
    public var period: PeriodSelection
    public init(period: PeriodSelection) { self.period = period }
  }

  /// The period's caffeine report.
  public func run(_ request: Request, in context: CallContext) throws -> CaffeineReport {
    let period = try request.period.resolveForLayout(in: context.calendar)
    return try CaffeineReport.make(store: context.store, period: period, context: context.calendar)
  }
}
