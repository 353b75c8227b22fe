import Foundation

/// A date on the wall calendar (year, month, day), independent of any instant or time zone.
///
/// Period arithmetic ("three days back", "the month five months earlier") is done on these
/// values with a UTC copy of the context's calendar, where every date exists; only then is the
/// result mapped to instants in the real zone. That keeps skipped dates (Pacific/Apia lost
/// 2011-12-30) and DST days from skewing the arithmetic.
package struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  package var year: Int
  package var month: Int
  package var day: Int

  /// The first day of the given month.
  package static func firstOfMonth(year: Int, month: Int) -> LocalDate {
    LocalDate(year: year, month: month, day: 1)
  }

  package static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// ISO form, `2026-11-20`.
  package var description: String {
    let year = String(year).leftPadded(to: 4)
    return "\(year)-\(String(month).leftPadded(to: 2))-\(String(day).leftPadded(to: 2))"
  }
}

extension LocalDate {
  /// Noon UTC on this date in `arithmetic`, a calendar whose zone has no gaps.
  private func noon(in arithmetic: Calendar) -> Date? {
    arithmetic.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
  }

  private static func from(_ instant: Date, in arithmetic: Calendar) -> LocalDate {
    let parts = arithmetic.dateComponents([.year, .month, .day], from: instant)
    return LocalDate(year: parts.year ?? 1, month: parts.month ?? 1, day: parts.day ?? 1)
  }

  /// The date `count` days later (earlier when negative).
  package func adding(days count: Int, in arithmetic: Calendar) -> LocalDate? {
    guard let noon = noon(in: arithmetic),
      let moved = arithmetic.date(byAdding: .day, value: count, to: noon)
    else { return nil }
    return .from(moved, in: arithmetic)
  }

  /// The first day of the month `count` months later (earlier when negative).
  package func addingMonths(_ count: Int) -> LocalDate {
    let index = year * 12 + (month - 1) + count
    let year = index >= 0 ? index / 12 : (index - 11) / 12
    return .firstOfMonth(year: year, month: index - year * 12 + 1)
  }

  /// The weekday, 1 = Sunday ... 7 = Saturday, as `Calendar` counts.
  package func weekday(in arithmetic: Calendar) -> Int? {
    noon(in: arithmetic).map { arithmetic.component(.weekday, from: $0) }
  }

  /// Whether this is a real date of the Gregorian calendar (rejects 2026-02-30, 2026-13-01).
  package func isValid(in arithmetic: Calendar) -> Bool {
    guard (1...12).contains(month), day >= 1, let days = daysInMonth(in: arithmetic) else {
      return false
    }
    return day <= days
  }

  /// How many days this date's month has.
  package func daysInMonth(in arithmetic: Calendar) -> Int? {
    guard let noon = LocalDate.firstOfMonth(year: year, month: month).noon(in: arithmetic) else {
      return nil
    }
    return arithmetic.range(of: .day, in: .month, for: noon)?.count
  }
}

extension String {
  package func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
