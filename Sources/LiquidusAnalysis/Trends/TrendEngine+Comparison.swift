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
  /// A day in progress is likewise compared with yesterday up to the same time of day: at
  /// 10:00 against all of yesterday, today would always look like a drop.
  func compare(_ report: TrendReport, with previous: Period, filter: Set<DrinkType.ID>?) throws
    -> PreviousPeriod
  {
    let whole = try total(of: previous, filter: filter)
    if report.period.isCurrent, report.period.kind == .day {
      return try compareDay(report, with: previous, whole: whole, filter: filter)
    }
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

  /// Today so far against yesterday up to the same local time: the calendar goes back one day
  /// from now, so a night the clocks change on still lands on the same wall-clock time (kept
  /// inside yesterday, should that time not exist there).
  private func compareDay(
    _ report: TrendReport, with previous: Period, whole: Double, filter: Set<DrinkType.ID>?
  ) throws -> PreviousPeriod {
    let context = report.period.context
    let interval = previous.interval
    let back = context.calendar.date(byAdding: .day, value: -1, to: context.now) ?? interval.end
    let until = min(max(back, interval.start), interval.end)
    let part = try store.totalsByType(
      in: [DateInterval(start: interval.start, end: until)], typeIDs: filter)[0]
      .values.reduce(0, +)
    // Nothing by then (which includes a yesterday before the first entry): no change.
    let change = part > 0 ? (report.total.milliliters - part) / part * 100 : nil
    return PreviousPeriod(
      period: previous, total: Volume(milliliters: whole), changePercent: change,
      comparedTotal: Volume(milliliters: part), comparedUntil: until)
  }
}
