import Foundation
import LiquidusModel
import LiquidusStore

extension TrendEngine {
  /// How `report` compares with `previous`, the period of the same kind before it.
  ///
  /// A period still in progress is compared with as many leading days of the previous one as
  /// it has begun: three days of this week against all of last week would always look like a
  /// drop. Days before the first entry are not zeros: when the compared part holds some, the
  /// change compares the averages of the days since the first entry instead of the totals.
  func compare(_ report: TrendReport, with previous: Period, filter: Set<DrinkType.ID>?) throws
    -> PreviousPeriod
  {
    let whole = try total(of: previous, filter: filter)
    let begun = report.days.filter { !$0.isFuture }.count
    let isPartial =
      report.period.isCurrent && ![.hour, .day].contains(report.period.kind)
      && begun < report.days.count
    let previousDays = previous.days
    let part = isPartial ? Array(previousDays.prefix(begun)) : previousDays
    let partTotal =
      isPartial
      ? try dayTotals(part, context: previous.context, filter: filter)
        .reduce(0) { $0 + $1.volumeByType.values.reduce(0, +) } : whole
    let start = report.firstDay?.interval.start
    let countedPart = part.filter { day in start.map { day.interval.start >= $0 } ?? true }
    let isPerDay = countedPart.count < part.count
    var change: Double?
    if partTotal > 0, !countedPart.isEmpty {
      let current = report.total.milliliters
      change =
        isPerDay
        ? (current / Double(max(1, report.elapsedDays.count)))
          / (partTotal / Double(countedPart.count)) * 100 - 100
        : (current - partTotal) / partTotal * 100
    }
    return PreviousPeriod(
      period: previous, total: Volume(milliliters: whole), changePercent: change,
      comparedDays: isPartial ? part.count : nil, comparedTotal: Volume(milliliters: partTotal),
      isPerDay: isPerDay)
  }
}
