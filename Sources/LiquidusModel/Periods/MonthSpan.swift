import Foundation

/// Six calendar months ending with a reference month, such as `Nov 2021 - Apr 2022`, split into
/// weeks so half a year fits a chart; the first and last weeks are clipped to the six months, so
/// no bucket reaches outside the period.
public typealias HalfYear = MonthSpan<SixMonths>

/// Twelve calendar months ending with a reference month, such as `May 2021 - Apr 2022`, split
/// into months.
///
/// A calendar year is the `Year` ending in December; `year` as an expression means the twelve
/// months up to now, which is what a trend chart wants.
public typealias Year = MonthSpan<TwelveMonths>

/// A run of whole calendar months ending with a reference month: a ``HalfYear`` or a ``Year``,
/// which differ only in their length and in what they are split into.
public struct MonthSpan<Length: MonthSpanLength>: DividedPeriod {
  public let context: CalendarContext
  public let interval: DateInterval
  public var kind: PeriodKind { Length.kind }

  /// The months ending with the month that contains `instant`.
  public init(containing instant: Date, in context: CalendarContext) {
    self.init(endingWith: Month(containing: instant, in: context))
  }

  /// The months ending with `month` (`2026-H2` and the calendar year 2026 end with December).
  public init(endingWith month: Month) {
    self.init(referenceMonth: month.firstDate, context: month.context)
  }

  init(referenceMonth: LocalDate, context: CalendarContext) {
    self.context = context
    self.interval = context.monthsInterval(
      from: referenceMonth.addingMonths(1 - Length.months), count: Length.months)
  }

  /// The last of the months.
  public var referenceMonth: Month {
    Month(containing: instantBefore(interval.end), in: context)
  }

  public var buckets: [Length.Bucket] { Length.buckets(of: interval, in: context) }

  public var description: String {
    PeriodLabel.monthRange(
      first: interval.start, last: instantBefore(interval.end), spoken: false, context)
  }

  public var accessibilityDescription: String {
    PeriodLabel.monthRange(
      first: interval.start, last: instantBefore(interval.end), spoken: true, context)
  }

  public var previous: Self { shifted(by: -1) }

  public var next: Self { shifted(by: 1) }

  /// The span `count` spans of the same length away.
  func shifted(by count: Int) -> Self {
    Self(
      referenceMonth: referenceMonth.firstDate.addingMonths(Length.months * count),
      context: context)
  }
}

/// How long a ``MonthSpan`` is and what its buckets are.
public protocol MonthSpanLength: Sendable, Hashable {
  /// What the span is split into.
  associatedtype Bucket: DatesProtocol
  /// How many months it covers.
  static var months: Int { get }
  /// Its kind, for labels and JSON.
  static var kind: PeriodKind { get }
  /// Its buckets, oldest first, covering `interval` exactly.
  static func buckets(of interval: DateInterval, in context: CalendarContext) -> [Bucket]
}

/// A half-year: six months split into weeks.
public enum SixMonths: MonthSpanLength {
  public static let months = 6
  public static let kind = PeriodKind.halfYear

  /// The weeks meeting the six months, the first and last clipped to them.
  public static func buckets(of interval: DateInterval, in context: CalendarContext) -> [Week] {
    var weeks: [Week] = []
    var cursor = interval.start
    while cursor < interval.end {
      let week = Week(containing: cursor, in: context)
      if let clipped = week.clipped(to: interval) { weeks.append(clipped) }
      cursor = week.interval.end
    }
    return weeks
  }
}

/// A year: twelve months split into months.
public enum TwelveMonths: MonthSpanLength {
  public static let months = 12
  public static let kind = PeriodKind.year

  /// The twelve months, oldest first.
  public static func buckets(of interval: DateInterval, in context: CalendarContext) -> [Month] {
    var months: [Month] = []
    var cursor = interval.start
    while cursor < interval.end {
      let month = Month(containing: cursor, in: context)
      months.append(month)
      cursor = month.interval.end
    }
    return months
  }
}
