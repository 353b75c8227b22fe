import Foundation

extension DayRange {
  /// The most days a range is shown by, one bucket each: two years. A longer range is shown
  /// by its calendar months, so that an answer holds at most 1,201 buckets (a century's
  /// months and a clipped one), where a century of days was 36,525 rows and 11 MB of JSON.
  public static let mostDays = 731

  /// Whether the range is shown by months rather than by days (it spans more than
  /// ``mostDays`` days).
  public var isShownByMonths: Bool {
    // A day is at most 25 hours and at least 23: far from the limit either way, the count is
    // decided by the length alone; near it, by counting.
    let hours = interval.duration / 3600
    if hours < Double(Self.mostDays) * 23 { return false }
    if hours > Double(Self.mostDays + 1) * 25 { return true }
    return dayCount > Self.mostDays
  }

  /// The buckets a summary or a chart shows: each day, or for a range longer than
  /// ``mostDays`` each calendar month, the first and last clipped to the range (as ranges of
  /// their days, labelled `Jan 15-31, 1970`).
  public var shownBuckets: [Period] {
    guard isShownByMonths else { return buckets.map(Period.day) }
    var months: [Period] = []
    var cursor = interval.start
    while cursor < interval.end {
      let month = Month(containing: cursor, in: context)
      let end = min(month.interval.end, interval.end)
      months.append(
        month.interval.start == cursor && end == month.interval.end
          ? .month(month)
          : .range(DayRange(interval: DateInterval(start: cursor, end: end), context: context)))
      cursor = end
    }
    return months
  }
}
