import Foundation

/// Twelve calendar months ending with a reference month, such as `May 2021 - Apr 2022`.
///
/// A calendar year is the `Year` ending in December; `year` as an expression means the twelve
/// months up to now, which is what a trend chart wants.
public struct Year: DividedPeriod {
  public let context: CalendarContext
  public let interval: DateInterval
  public var kind: PeriodKind { .year }

  /// The twelve months ending with the month that contains `instant`.
  public init(containing instant: Date, in context: CalendarContext) {
    self.init(endingWith: Month(containing: instant, in: context))
  }

  /// The twelve months ending with `month` (the calendar year 2026 ends with December 2026).
  public init(endingWith month: Month) {
    self.init(referenceMonth: month.firstDate, context: month.context)
  }

  init(referenceMonth: LocalDate, context: CalendarContext) {
    self.context = context
    self.interval = context.monthsInterval(from: referenceMonth.addingMonths(-11), count: 12)
  }

  /// The last of the twelve months.
  public var referenceMonth: Month {
    Month(containing: instantBefore(interval.end), in: context)
  }

  /// The twelve months, oldest first.
  public var buckets: [Month] {
    var months: [Month] = []
    var cursor = interval.start
    while cursor < interval.end {
      let month = Month(containing: cursor, in: context)
      months.append(month)
      cursor = month.interval.end
    }
    return months
  }

  public var description: String {
    PeriodLabel.monthRange(
      first: interval.start, last: instantBefore(interval.end), spoken: false, context)
  }

  public var accessibilityDescription: String {
    PeriodLabel.monthRange(
      first: interval.start, last: instantBefore(interval.end), spoken: true, context)
  }

  public var previous: Year { shifted(by: -1) }

  public var next: Year { shifted(by: 1) }

  /// The year `count` years (twelve months each) away.
  func shifted(by count: Int) -> Year {
    Year(referenceMonth: referenceMonth.firstDate.addingMonths(12 * count), context: context)
  }
}
