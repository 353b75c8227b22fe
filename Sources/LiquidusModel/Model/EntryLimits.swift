import Foundation

/// The limits every stored entry keeps, whichever way it came in: `log` and `edit` (through
/// ``AmountParser``, ``CaffeineAmount`` and ``EntryError``), every import reader, and a merge
/// from a database or an export. One list, so that no way in stores a number that a total, a
/// view or a calendar computation cannot hold.
///
/// Each check returns the reason a value is refused, worded to follow a place (`file:3: `,
/// `entry 3: `), or nil when the value may be stored.
public enum EntryLimits {
  /// How far past now a merged instant (a drink's time, a change, a deletion) may lie: two
  /// devices' clocks rarely agree to the second, but a time far ahead would win every later
  /// edit on every device until then.
  public static let clockSkew: TimeInterval = 10 * 60

  /// Why `milliliters` cannot be one drink's volume: more than 0, at most
  /// ``AmountParser/absoluteLimit``.
  public static func volumeProblem(_ milliliters: Double) -> String? {
    guard
      !(milliliters >= AmountParser.smallest.milliliters
        && milliliters <= AmountParser.absoluteLimit.milliliters)
    else {
      return nil
    }
    let limit = Int(AmountParser.absoluteLimit.milliliters)
    if milliliters.isNaN { return "the amount is not a number" }
    guard milliliters > 0 else { return "the amount \(number(milliliters)) mL is not above 0" }
    // A trace such as 5e-324 mL would be kept as a "0 mL" drink, which `log` refuses too.
    if milliliters < AmountParser.smallest.milliliters {
      return "\(milliliters) mL is less than \(AmountParser.smallest.milliliters) mL, the smallest"
        + " amount an entry keeps; check the number and the unit"
    }
    return "\(number(milliliters)) mL is more than anyone drinks at once (the limit is "
      + "\(limit) mL); check the number and the unit"
  }

  /// The longest text (a note, a source's name, an import key) a merge takes, in bytes: far
  /// more than any app writes, and a bound on what reading another file may cost.
  public static let longestText = 65_536

  /// Why `milligrams` cannot be one entry's caffeine: 0 up to what `log` stores for it, the
  /// larger of ``CaffeineAmount/maximum`` (`--caffeine`) and, for a drink of `milliliters`, its
  /// volume at the highest content a type may have (``CaffeineContent/maximum``).
  public static func caffeineProblem(_ milligrams: Double, milliliters: Double? = nil) -> String? {
    let byVolume = (milliliters ?? 0) * CaffeineContent.maximum / 100
    let limit = max(CaffeineAmount.maximum, byVolume.isFinite ? byVolume : 0)
    guard !(milligrams >= 0 && milligrams <= limit) else { return nil }
    if milligrams.isNaN { return "the caffeine is not a number" }
    guard milligrams >= 0 else {
      return "the caffeine \(number(milligrams)) mg is not 0 or a positive number"
    }
    let what = milliliters.map { "a drink of \(number($0)) mL" } ?? "one record"
    return "the caffeine \(number(milligrams)) mg is more than the \(number(limit)) mg "
      + "\(what) may carry; check the number and the unit"
  }

  /// Why `instant` cannot be a drink's time: before 1970, or more than `skew` after `now`
  /// (nil for no upper limit).
  public static func instantProblem(
    _ instant: Date, now: Date?, skew: TimeInterval = 60
  ) -> String? {
    func when() -> String { ClockText.iso8601(instant, timeZone: utc) }
    if !(instant >= EntryError.earliest) {
      return "the date \(when()) is before 1970, which looks like a typo in the year"
    }
    if let now, !(instant <= now.addingTimeInterval(skew)) {
      return "the date \(when()) is in the future; check the year and the time zone of the file"
    }
    return nil
  }

  /// A number as a reason shows it: whole when it is, without an exponent up to 10^12.
  private static func number(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
    return value == value.rounded() ? String(Int64(value)) : "\(value)"
  }

  private static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
}
