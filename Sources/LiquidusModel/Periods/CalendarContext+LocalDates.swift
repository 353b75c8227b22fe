import Foundation

/// Mapping between instants and local calendar units, shared by every period type.
///
/// Foundation's `dateInterval(of: .day, ...)` and `.month` tile time correctly in every zone we
/// test, but `.hour` intervals overlap on Australia/Lord_Howe's 30-minute DST days and
/// `.weekOfYear` is wrong across Pacific/Apia's skipped day, so hours and weeks are built here
/// from days and wall-clock readings instead.
extension CalendarContext {
  /// A UTC copy of the calendar for pure date arithmetic: in UTC every local date exists.
  package var dateArithmetic: Calendar {
    var arithmetic = calendar
    arithmetic.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    return arithmetic
  }

  /// The wall-calendar date `instant` falls on in the context's zone.
  package func localDate(of instant: Date) -> LocalDate {
    let parts = calendar.dateComponents([.year, .month, .day], from: instant)
    return LocalDate(year: parts.year ?? 1, month: parts.month ?? 1, day: parts.day ?? 1)
  }

  /// The local day containing `instant`.
  package func dayInterval(containing instant: Date) -> DateInterval {
    guard let day = calendar.dateInterval(of: .day, for: instant) else {
      unreachable("no local day contains \(instant) in \(timeZone.identifier)")
    }
    return day
  }

  /// Whether `date` exists in the zone (Pacific/Apia skipped 2011-12-30).
  package func exists(_ date: LocalDate) -> Bool {
    localDate(of: startOfDay(date)) == date
  }

  /// The instant `date` starts, or, if the zone skipped that date, the start of the next date.
  package func startOfDay(_ date: LocalDate) -> Date {
    // Noon is the safest probe: no zone changes offset at noon, and it is hours from midnight.
    let components = DateComponents(
      year: date.year, month: date.month, day: date.day, hour: 12)
    guard let noon = calendar.date(from: components) else {
      unreachable("cannot place \(date) in \(timeZone.identifier)")
    }
    let day = dayInterval(containing: noon)
    return localDate(of: day.start) < date ? day.end : day.start
  }

  /// The local days covering `interval`, each clipped to it, in order.
  package func dayIntervals(in interval: DateInterval) -> [DateInterval] {
    var days: [DateInterval] = []
    var cursor = interval.start
    while cursor < interval.end {
      let day = dayInterval(containing: cursor)
      let end = min(day.end, interval.end)
      days.append(DateInterval(start: cursor, end: end))
      cursor = end
    }
    return days
  }

  /// The hour buckets of a local day: a bucket starts whenever the wall clock reads a whole hour.
  ///
  /// On a fall-back day the repeated hour is read twice and so yields two buckets (25 in
  /// New York); on a spring-forward day the skipped hour yields none (23). Where a zone shifts by
  /// 30 minutes (Australia/Lord_Howe) one bucket lasts 90 or 30 minutes, and the buckets still
  /// tile the day exactly.
  package func hourIntervals(inDay day: DateInterval) -> [DateInterval] {
    // Most days have no transition: 24 hours of 3,600 s from local midnight. Checked with the
    // zone's own offsets and its next transition (two lookups), since asking the calendar for
    // each hour, as below, costs a third of a `status`.
    let zone = calendar.timeZone
    if day.duration == 86_400,
      zone.secondsFromGMT(for: day.start) == zone.secondsFromGMT(for: day.end - 1),
      (zone.nextDaylightSavingTimeTransition(after: day.start) ?? .distantFuture) >= day.end
    {
      return (0..<24).map { DateInterval(start: day.start + Double($0) * 3600, duration: 3600) }
    }
    let date = localDate(of: day.start)
    var boundaries: Set<Date> = [day.start, day.end]
    for hour in 0..<24 {
      let components = DateComponents(
        year: date.year, month: date.month, day: date.day, hour: hour)
      // Inside a DST gap Foundation moves the reading forward to the first real instant.
      guard let first = calendar.date(from: components) else { continue }
      if day.start <= first && first < day.end { boundaries.insert(first) }
      let repeated = calendar.nextDate(
        after: first, matching: DateComponents(hour: hour, minute: 0, second: 0),
        matchingPolicy: .strict, repeatedTimePolicy: .last, direction: .forward)
      if let repeated, first < repeated, repeated < day.end { boundaries.insert(repeated) }
    }
    let sorted = boundaries.sorted()
    return zip(sorted, sorted.dropFirst()).map { DateInterval(start: $0, end: $1) }
  }

  /// From the start of the month `first` to the start of the month `count` months later.
  package func monthsInterval(from first: LocalDate, count: Int) -> DateInterval {
    DateInterval(start: startOfDay(first), end: startOfDay(first.addingMonths(count)))
  }
}

/// An instant inside the period that ends at `instant`, used to find that period.
///
/// A probe, not a boundary: period boundaries fall on whole seconds and periods last far longer
/// than one, so a second earlier is always inside. (Foundation's calendar rounds sub-second
/// offsets such as `nextDown` back onto the boundary.)
package func instantBefore(_ instant: Date) -> Date {
  instant.addingTimeInterval(-1)
}

/// Stops on a calendar computation that cannot fail for Gregorian dates in years 1...9999.
package func unreachable(_ message: @autoclosure () -> String) -> Never {
  preconditionFailure("Calendar invariant broken: \(message())")
}
