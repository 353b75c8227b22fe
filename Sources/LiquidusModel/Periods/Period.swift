import Foundation

/// Any period, type-erased: what the expression parser returns and what reports consume.
///
/// ```swift
/// let period = try PeriodExpression.parse("last-week", in: context)
/// print(period.description, period.buckets.count)  // "Nov 8-14, 2026 7"
/// ```
public enum Period: Sendable, Hashable, CustomStringConvertible {
  /// One local hour.
  case hour(Hour)
  /// One local day.
  case day(Day)
  /// One week, possibly clipped.
  case week(Week)
  /// One calendar month.
  case month(Month)
  /// Six months ending with a reference month.
  case halfYear(HalfYear)
  /// Twelve months ending with a reference month.
  case year(Year)
  /// A custom range of whole days.
  case range(DayRange)

  /// The wrapped period as the protocol type, for forwarding.
  private var dates: any DatesProtocol {
    switch self {
    case .hour(let hour): hour
    case .day(let day): day
    case .week(let week): week
    case .month(let month): month
    case .halfYear(let halfYear): halfYear
    case .year(let year): year
    case .range(let range): range
    }
  }

  /// The context the period was computed in.
  public var context: CalendarContext { dates.context }
  /// Which kind of period this is.
  public var kind: PeriodKind { dates.kind }
  /// The instants the period covers: start inclusive, end exclusive.
  public var interval: DateInterval { dates.interval }
  /// A short visual label, e.g. `Apr 3-9, 2022`.
  public var description: String { dates.description }
  /// The label as a screen reader should say it, e.g. `Apr 3rd to 9th, 2022`.
  public var accessibilityDescription: String { dates.accessibilityDescription }
  /// Whether the context's `now` lies inside the period.
  public var isCurrent: Bool { dates.isCurrent }
  /// Whether the period starts after the context's `now`.
  public var isInFuture: Bool { dates.isInFuture }

  /// Whether `instant` lies in the period (`start <= instant < end`).
  public func contains(_ instant: Date) -> Bool { dates.contains(instant) }

  /// The period of the same kind just before this one.
  public var previous: Period {
    switch self {
    case .hour(let hour): .hour(hour.previous)
    case .day(let day): .day(day.previous)
    case .week(let week): .week(week.previous)
    case .month(let month): .month(month.previous)
    case .halfYear(let halfYear): .halfYear(halfYear.previous)
    case .year(let year): .year(year.previous)
    case .range(let range): .range(range.previous)
    }
  }

  /// The period of the same kind just after this one.
  public var next: Period {
    switch self {
    case .hour(let hour): .hour(hour.next)
    case .day(let day): .day(day.next)
    case .week(let week): .week(week.next)
    case .month(let month): .month(month.next)
    case .halfYear(let halfYear): .halfYear(halfYear.next)
    case .year(let year): .year(year.next)
    case .range(let range): .range(range.next)
    }
  }

  /// The sub-periods a chart of this period shows: none for an hour, hours for a day, days for a
  /// week, month or range (months for a range longer than ``DayRange/mostDays``), weeks for a
  /// half-year and months for a year.
  public var buckets: [Period] {
    switch self {
    case .hour: []
    case .day(let day): day.buckets.map(Period.hour)
    case .week(let week): week.buckets.map(Period.day)
    case .month(let month): month.buckets.map(Period.day)
    case .halfYear(let halfYear): halfYear.buckets.map(Period.week)
    case .year(let year): year.buckets.map(Period.month)
    case .range(let range): range.shownBuckets
    }
  }
}
