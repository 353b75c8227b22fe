import Foundation

/// Why an entry's time was refused.
public enum EntryError: LiquidusError, Equatable {
  /// More than a minute after now: probably a wrong date or a wrong AM/PM.
  case inFuture(String)
  /// Before 1970: no real drink record is that old; probably a typo in the year.
  case tooOld(String)

  public var description: String {
    switch self {
    case .inFuture(let when):
      return "The time \(when) is in the future."
    case .tooOld(let when):
      return "The time \(when) is before 1970, which looks like a typo in the year. "
        + "Give a date such as 2026-11-20 08:15."
    }
  }

  /// The earliest instant Liquidus stores.
  package static let earliest = Date(timeIntervalSince1970: 0)

  /// The latest instant Liquidus stores when it is `now`: a minute of clock skew is allowed,
  /// since `log` on one machine and `--at` read off another clock rarely agree to the second.
  package static func latest(now: Date) -> Date { now.addingTimeInterval(60) }

  /// Checks that `instant` is neither in the future (beyond a minute's clock skew) nor absurdly old.
  package static func check(_ instant: Date, in context: CalendarContext) throws(EntryError) {
    if instant > latest(now: context.now) {
      throw .inFuture(ClockText.iso8601(instant, timeZone: context.timeZone))
    }
    if instant < earliest {
      throw .tooOld(ClockText.iso8601(instant, timeZone: context.timeZone))
    }
  }
}
