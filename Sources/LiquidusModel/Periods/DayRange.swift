import Foundation

/// A custom inclusive range of whole local days, such as `Nov 1-3, 2026`.
///
/// Built from `--from DATE --to DATE`. Navigating moves by the same number of days, so the
/// previous range of `Nov 1-3` is `Oct 29-31`.
public struct DayRange: DividedPeriod {
  public let context: CalendarContext
  public let interval: DateInterval
  public var kind: PeriodKind { .range }

  /// The days from `first` through `last`, inclusive.
  ///
  /// - Returns: `nil` when `last` starts before `first` or the days use different contexts.
  public init?(from first: Day, through last: Day) {
    guard first.context == last.context, first.interval.start <= last.interval.start else {
      return nil
    }
    self.init(
      interval: DateInterval(start: first.interval.start, end: last.interval.end),
      context: first.context)
  }

  init(interval: DateInterval, context: CalendarContext) {
    self.context = context
    self.interval = interval
  }

  /// The days of the range, in order.
  public var buckets: [Day] {
    context.dayIntervals(in: interval).map { Day(interval: $0, context: context) }
  }

  /// How many local days the range covers.
  var dayCount: Int { context.dayIntervals(in: interval).count }

  /// The range's only day, when it has exactly one.
  private var singleDay: Day? {
    let day = Day(containing: interval.start, in: context)
    return day.interval == interval ? day : nil
  }

  public var description: String {
    if let singleDay { return singleDay.description }
    return PeriodLabel.dayRange(first: interval.start, last: instantBefore(interval.end), context)
  }

  public var accessibilityDescription: String {
    if let singleDay { return singleDay.accessibilityDescription }
    return PeriodLabel.spokenDayRange(
      first: interval.start, last: instantBefore(interval.end), context)
  }

  /// The same number of days ending the day before this range starts.
  public var previous: DayRange {
    let last = Day(containing: instantBefore(interval.start), in: context)
    let first = (1..<max(1, dayCount)).reduce(last) { day, _ in day.previous }
    return DayRange(
      interval: DateInterval(start: first.interval.start, end: last.interval.end),
      context: context)
  }

  /// The same number of days starting the day after this range ends.
  public var next: DayRange {
    let first = Day(containing: interval.end, in: context)
    let last = (1..<max(1, dayCount)).reduce(first) { day, _ in day.next }
    return DayRange(
      interval: DateInterval(start: first.interval.start, end: last.interval.end),
      context: context)
  }
}
