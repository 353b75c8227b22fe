import Foundation

/// One local week, starting on the calendar's first weekday, such as `Apr 3-9, 2022`.
///
/// A week may be clipped to a shorter span (see ``clipped(to:)``), as the first and last weeks
/// of a ``HalfYear`` are; its labels and buckets then cover only the clipped days.
public struct Week: DividedPeriod {
  public let context: CalendarContext
  public let interval: DateInterval
  public var kind: PeriodKind { .week }

  /// The full week that contains `instant`.
  public init(containing instant: Date, in context: CalendarContext) {
    let arithmetic = context.dateArithmetic
    let date = context.localDate(of: instant)
    let firstWeekday = context.calendar.firstWeekday
    let daysBack = ((date.weekday(in: arithmetic) ?? firstWeekday) - firstWeekday + 7) % 7
    guard let first = date.adding(days: -daysBack, in: arithmetic),
      let following = first.adding(days: 7, in: arithmetic)
    else { unreachable("no week around \(date)") }
    let interval = DateInterval(
      start: context.startOfDay(first), end: context.startOfDay(following))
    self.init(interval: interval, context: context)
  }

  init(interval: DateInterval, context: CalendarContext) {
    self.context = context
    self.interval = interval
  }

  /// The part of this week inside `bounds`, or `nil` when they do not overlap.
  ///
  /// - Parameter bounds: The span to clip to, normally whole local days.
  /// - Returns: A week whose interval is the overlap; `previous`/`next` are still full weeks.
  public func clipped(to bounds: DateInterval) -> Week? {
    let start = max(interval.start, bounds.start)
    let end = min(interval.end, bounds.end)
    guard start < end else { return nil }
    return Week(interval: DateInterval(start: start, end: end), context: context)
  }

  /// The unclipped week this one belongs to.
  public var fullWeek: Week { Week(containing: interval.start, in: context) }

  /// The days of the week: 7, fewer when clipped or when the zone skipped a date.
  public var buckets: [Day] {
    context.dayIntervals(in: interval).map { Day(interval: $0, context: context) }
  }

  public var description: String {
    PeriodLabel.dayRange(first: interval.start, last: instantBefore(interval.end), context)
  }

  public var accessibilityDescription: String {
    PeriodLabel.spokenDayRange(first: interval.start, last: instantBefore(interval.end), context)
  }

  public var previous: Week {
    Week(containing: instantBefore(fullWeek.interval.start), in: context)
  }

  public var next: Week { Week(containing: fullWeek.interval.end, in: context) }

  /// The full week `count` weeks away.
  func shifted(by count: Int) -> Week? {
    let date = context.localDate(of: fullWeek.interval.start)
    guard let target = date.adding(days: 7 * count, in: context.dateArithmetic) else {
      return nil
    }
    return Week(containing: context.startOfDay(target), in: context)
  }
}
