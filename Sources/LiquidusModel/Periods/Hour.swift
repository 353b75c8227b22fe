import Foundation

/// One local wall-clock hour, such as `3 PM`.
///
/// Hours are the buckets of a ``Day``: a new hour starts whenever the local wall clock reads a
/// whole hour. On a fall-back day the repeated hour occurs twice, and both labels carry the zone
/// (`1 AM EDT`, `1 AM EST`) so they can be told apart; a spring-forward day has no skipped hour.
public struct Hour: DatesProtocol {
  public let context: CalendarContext
  public let interval: DateInterval
  public var kind: PeriodKind { .hour }

  /// The hour bucket of the local day that contains `instant`.
  public init(containing instant: Date, in context: CalendarContext) {
    let day = context.dayInterval(containing: instant)
    let hours = context.hourIntervals(inDay: day)
    self.init(interval: hours.last { $0.start <= instant } ?? day, context: context)
  }

  init(interval: DateInterval, context: CalendarContext) {
    self.context = context
    self.interval = interval
  }

  /// Whether the wall clock shows this hour twice (the repeated hour of a fall-back day).
  var isRepeatedWallHour: Bool {
    let hour = { context.calendar.component(.hour, from: $0) }
    let start = hour(interval.start)
    return hour(instantBefore(interval.start)) == start || hour(interval.end) == start
  }

  public var description: String {
    PeriodLabel.hour(interval.start, withZone: isRepeatedWallHour, context)
  }

  public var accessibilityDescription: String { description }

  public var previous: Hour { Hour(containing: instantBefore(interval.start), in: context) }

  public var next: Hour { Hour(containing: interval.end, in: context) }
}
