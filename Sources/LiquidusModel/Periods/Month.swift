import Foundation

/// One local calendar month, such as `Apr 2022`, split into its days.
public struct Month: DividedPeriod {
  public let context: CalendarContext
  public let interval: DateInterval
  public var kind: PeriodKind { .month }

  /// The local month that contains `instant`.
  public init(containing instant: Date, in context: CalendarContext) {
    let date = context.localDate(of: instant)
    self.init(first: .firstOfMonth(year: date.year, month: date.month), context: context)
  }

  /// The month starting on `first`, which must be the first of a month.
  init(first: LocalDate, context: CalendarContext) {
    self.context = context
    self.interval = context.monthsInterval(from: first, count: 1)
  }

  /// The first day of the month as a wall-calendar date.
  var firstDate: LocalDate {
    let date = context.localDate(of: interval.start)
    return .firstOfMonth(year: date.year, month: date.month)
  }

  /// Every day of the month (30 for Pacific/Apia's December 2011, which lost the 30th).
  public var buckets: [Day] {
    context.dayIntervals(in: interval).map { Day(interval: $0, context: context) }
  }

  public var description: String { PeriodLabel.month(interval.start, context) }

  public var accessibilityDescription: String { PeriodLabel.spokenMonth(interval.start, context) }

  public var previous: Month { shifted(by: -1) }

  public var next: Month { shifted(by: 1) }

  /// The month `count` months away.
  func shifted(by count: Int) -> Month {
    Month(first: firstDate.addingMonths(count), context: context)
  }
}
