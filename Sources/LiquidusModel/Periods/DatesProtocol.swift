import Foundation

/// A span of local calendar time that can be labelled, spoken and navigated.
///
/// Every period carries the ``CalendarContext`` it was computed in, so its boundaries, labels and
/// "is this now?" answers never depend on the process's clock, zone or locale.
public protocol DatesProtocol: Sendable, Hashable, CustomStringConvertible {
  /// The context the period was computed in.
  var context: CalendarContext { get }
  /// Which kind of period this is.
  var kind: PeriodKind { get }
  /// The instants the period covers: start inclusive, end exclusive.
  var interval: DateInterval { get }
  /// A short visual label, e.g. `Apr 3-9, 2022`.
  var description: String { get }
  /// The label as a screen reader should say it, e.g. `Apr 3rd to 9th, 2022`.
  var accessibilityDescription: String { get }
  /// The period of the same kind just before this one.
  var previous: Self { get }
  /// The period of the same kind just after this one.
  var next: Self { get }
  /// Whether the context's `now` lies inside the period.
  var isCurrent: Bool { get }
  /// Whether the period starts after the context's `now`.
  var isInFuture: Bool { get }
  /// Whether `instant` lies in the period (`start <= instant < end`).
  func contains(_ instant: Date) -> Bool
}

extension DatesProtocol {
  public var isCurrent: Bool { contains(context.now) }

  public var isInFuture: Bool { interval.start > context.now }

  public func contains(_ instant: Date) -> Bool {
    // DateInterval.contains includes the end; periods are half-open so buckets never overlap.
    interval.start <= instant && instant < interval.end
  }
}
