import LiquidusAnalysis
import LiquidusModel
import LiquidusStore

/// What a period's charts and their words show: `report`, the server's trends.
///
/// Drawing is presentation's (gnuplot, HTML, audio); this gathers the figures.
public struct PrepareReport: UseCase {
  public init() {}

  /// The period and drinks, as ``PeriodQuery`` holds them.
  public typealias Request = PeriodQuery

  /// The figures of a report.
  public struct View: Sendable {
    /// Intake by bucket and drink.
    public var trends: TrendReport
    /// Caffeine by day; nil when the report is about some drinks only (caffeine belongs to no
    /// drink filter).
    public var caffeine: CaffeineReport?
  }

  /// Gathers the period's trends and, for all drinks, its caffeine.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let period = try request.period.resolveForLayout(in: context.calendar)
    let trends = try TrendEngine(store: context.store).report(
      for: period, typeNames: request.typeNames)
    let caffeine =
      try request.typeNames.isEmpty
      ? CaffeineReport.make(store: context.store, period: period, context: context.calendar) : nil
    return View(trends: trends, caffeine: caffeine)
  }
}
