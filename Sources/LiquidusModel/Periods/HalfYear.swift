import Foundation

/// Six calendar months ending with a reference month, such as `Nov 2021 - Apr 2022`.
///
/// Split into weeks so half a year fits a chart; the first and last weeks are clipped to the
/// six months, so no bucket reaches outside the period.
public struct HalfYear: DividedPeriod {
  public let context: CalendarContext
  public let interval: DateInterval
  public var kind: PeriodKind { .halfYear }

  /// The six months ending with the month that contains `instant`.
  public init(containing instant: Date, in context: CalendarContext) {
    self.init(endingWith: Month(containing: instant, in: context))
  }

  /// The six months ending with `month` (`2026-H2` ends with December 2026).
  public init(endingWith month: Month) {
    self.init(referenceMonth: month.firstDate, context: month.context)
  }

  init(referenceMonth: LocalDate, context: CalendarContext) {
    self.context = context
    self.interval = context.monthsInterval(from: referenceMonth.addingMonths(-5), count: 6)
  }

  /// The last of the six months.
  public var referenceMonth: Month {
    Month(containing: instantBefore(interval.end), in: context)
  }

  /// The weeks meeting the six months, the first and last clipped to them.
  public var buckets: [Week] {
    var weeks: [Week] = []
    var cursor = interval.start
    while cursor < interval.end {
      let week = Week(containing: cursor, in: context)
      if let clipped = week.clipped(to: interval) { weeks.append(clipped) }
      cursor = week.interval.end
    }
    return weeks
  }

  public var description: String {
    PeriodLabel.monthRange(
      first: interval.start, last: instantBefore(interval.end), spoken: false, context)
  }

  public var accessibilityDescription: String {
    PeriodLabel.monthRange(
      first: interval.start, last: instantBefore(interval.end), spoken: true, context)
  }

  public var previous: HalfYear { shifted(by: -1) }

  public var next: HalfYear { shifted(by: 1) }

  /// The half-year `count` half-years (six months each) away.
  func shifted(by count: Int) -> HalfYear {
    HalfYear(referenceMonth: referenceMonth.firstDate.addingMonths(6 * count), context: context)
  }
}
