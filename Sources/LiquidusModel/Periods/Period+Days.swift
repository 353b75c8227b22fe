import Foundation

extension Period {
  /// The local days the period spans, in order; empty for an hour.
  ///
  /// Every bucket kind but the hour is a whole number of these days, which lets one set of daily
  /// totals answer weeks, months, clipped weeks and years alike.
  public var days: [Day] {
    if case .hour = self { return [] }
    var days: [Day] = []
    var day = Day(containing: interval.start, in: context)
    while day.interval.start < interval.end {
      days.append(day)
      day = day.next
    }
    return days
  }
}
