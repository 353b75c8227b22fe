import Foundation

/// Caffeine for people: whole milligrams, `95 mg`; a tenth below 10 mg, `2.5 mg`; thousands
/// grouped as the volumes beside them are, `1,499 mg` (`1.499 mg` in German).
public enum CaffeineText {
  public static func milligrams(
    _ value: Double, locale: Locale = Locale(identifier: "en_US")
  ) -> String {
    if value > 0 && value < 9.95 {
      return "\((value * 10).rounded() / 10) mg"
    }
    return "\(grouped(WholeNumber.of(value), separator: locale.groupingSeparator ?? ",")) mg"
  }

  /// `1499` as `1,499`: the digits in threes from the right.
  private static func grouped(_ whole: Int, separator: String) -> String {
    let digits = String(abs(whole))
    guard digits.count > 3 else { return String(whole) }
    var groups: [Substring] = []
    var end = digits.endIndex
    while end > digits.startIndex {
      let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
      groups.insert(digits[start..<end], at: 0)
      end = start
    }
    return (whole < 0 ? "-" : "") + groups.joined(separator: separator)
  }

  /// `570`, `2.5`: rounded to 0.1 mg without a trailing `.0`, for CSV.
  public static func plain(_ milligrams: Double) -> String {
    EntryListing.plain(value(milligrams))
  }

  /// Rounded to 0.1 mg, as the machine formats carry it.
  public static func value(_ milligrams: Double) -> Double {
    (milligrams * 10).rounded() / 10
  }
}
