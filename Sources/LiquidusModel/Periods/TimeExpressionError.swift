import Foundation

/// Why a time expression such as `yesterday 21:00` could not be read.
public enum TimeExpressionError: LocalizedError, Equatable, Sendable {
  /// Nothing was given.
  case empty
  /// The text matches no accepted form.
  case unknown(String)
  /// A date the calendar does not have (`2026-02-30`).
  case impossibleDate(String)
  /// A clock reading outside 00:00:00...23:59:59 (`25:00`), or an offset beyond ±18:00.
  case impossibleClockTime(String)
  /// A local wall time skipped by a DST change (`02:30` on a spring-forward night).
  case nonexistentLocalTime(String, timeZone: String)
  /// An amount so large the instant leaves the calendar (`99999999999d ago`).
  case outOfRange(String)

  /// Every accepted form, with examples, for the end of each message.
  public static let acceptedForms =
    "Accepted: now, 07:30 (today), yesterday 21:00, 2026-11-20 08:15, "
    + "2026-11-20T08:15:00+01:00 or ...Z (ISO 8601, fractional seconds allowed), "
    + "15m ago, 2h ago, 90s ago, 1d ago."

  public var errorDescription: String? {
    switch self {
    case .empty:
      "No time given. \(Self.acceptedForms)"
    case .unknown(let text):
      "Unknown time '\(text)'. \(Self.acceptedForms)"
    case .impossibleDate(let text):
      "'\(text)' names a date the calendar does not have. \(Self.acceptedForms)"
    case .impossibleClockTime(let text):
      "'\(text)' is not a clock time: hours run 00-23, minutes and seconds 00-59. "
        + Self.acceptedForms
    case .nonexistentLocalTime(let text, let zone):
      "'\(text)' does not exist in \(zone): the clocks skipped it for daylight saving time. "
        + "Give an explicit offset instead, e.g. 2026-03-29T02:30:00+01:00."
    case .outOfRange(let text):
      "'\(text)' lies too far from now. \(Self.acceptedForms)"
    }
  }
}
