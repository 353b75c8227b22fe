import Foundation

/// One local calendar day, such as `Apr 8, 2022`, split into its hours.
///
/// A day is as long as the zone makes it: 23 or 25 hours on DST days, and a date the zone
/// skipped (Pacific/Apia's 2011-12-30) is no day at all.
public struct Day: DividedPeriod {
  public let context: CalendarContext
  public let interval: DateInterval
  public var kind: PeriodKind { .day }

  /// The local day that contains `instant`.
  public init(containing instant: Date, in context: CalendarContext) {
    self.init(interval: context.dayInterval(containing: instant), context: context)
  }

  init(interval: DateInterval, context: CalendarContext) {
    self.context = context
    self.interval = interval
  }

  /// The hours of the day, 24 on most days, 23 or 25 on DST days.
  public var buckets: [Hour] {
    context.hourIntervals(inDay: interval).map { Hour(interval: $0, context: context) }
  }

  public var description: String { PeriodLabel.day(interval.start, context) }

  /// `Today` or `Yesterday` relative to the context's `now`, else e.g. `April 8th, 2022`.
  public var accessibilityDescription: String {
    if context.locale.language.languageCode?.identifier == "en" {
      let today = Day(containing: context.now, in: context)
      if self == today { return "Today" }
      if self == today.previous { return "Yesterday" }
    }
    return PeriodLabel.spokenDay(interval.start, context)
  }

  /// The spoken day with its date even when it is today or yesterday (`Today, November 20th,
  /// 2026`): for words that outlive the moment they were written, such as a report's file,
  /// which would otherwise say "Today" however old it is.
  public var datedAccessibilityDescription: String {
    let relative = accessibilityDescription
    let date = PeriodLabel.spokenDay(interval.start, context)
    return relative == date ? date : "\(relative), \(date)"
  }

  public var previous: Day { Day(containing: instantBefore(interval.start), in: context) }

  public var next: Day { Day(containing: interval.end, in: context) }

  /// The day `count` calendar days away; a skipped date resolves in the direction of travel.
  func shifted(by count: Int) -> Day? {
    guard count != 0 else { return self }
    let date = context.localDate(of: interval.start)
    guard let target = date.adding(days: count, in: context.dateArithmetic) else { return nil }
    let start = context.startOfDay(target)
    let backwardsOverGap = count < 0 && !context.exists(target)
    return Day(containing: backwardsOverGap ? instantBefore(start) : start, in: context)
  }
}
