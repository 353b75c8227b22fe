import Foundation
import Synchronization

/// How times of day are written: `7:30 PM` or `19:30`, one style in every message, table and
/// chart of a call.
///
/// It comes from the locale (12-hour in en_US, 24-hour in de_DE and en_GB) unless the person
/// chose one with `config --clock`, so `log` and the day chart can no longer disagree.
public enum ClockStyle: String, Sendable, Hashable, Codable, CaseIterable {
  case twelveHour = "12h"
  case twentyFourHour = "24h"

  /// The locale's own: 12-hour when its hour pattern has an AM/PM marker.
  ///
  /// Asked once per locale: ICU builds a pattern generator for it, which was 3% of the server's
  /// time for each logged drink, and a locale's clock does not change while a process runs.
  public static func of(_ locale: Locale) -> ClockStyle {
    if let known = known.withLock({ $0[locale.identifier] }) { return known }
    let style = reading(locale)
    known.withLock { $0[locale.identifier] = style }
    return style
  }

  private static let known = Mutex<[String: ClockStyle]>([:])

  private static func reading(_ locale: Locale) -> ClockStyle {
    let pattern = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? "H"
    // Quoted literals ('Uhr' in German) are words, not pattern letters.
    let letters = pattern.split(separator: "'", omittingEmptySubsequences: false)
      .enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element).joined()
    return letters.contains("a") || letters.contains("h") || letters.contains("K")
      ? .twelveHour : .twentyFourHour
  }

  /// Reads `12h`, `12`, `24h`, `24` in any case.
  public init?(parsing text: String) {
    switch text.lowercased().trimmingCharacters(in: .whitespaces) {
    case "12h", "12", "12-hour": self = .twelveHour
    case "24h", "24", "24-hour": self = .twentyFourHour
    default: return nil
    }
  }

  /// `12-hour`, `24-hour`.
  public var name: String { self == .twelveHour ? "12-hour" : "24-hour" }
}
