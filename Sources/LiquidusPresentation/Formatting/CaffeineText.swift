import Foundation

/// Caffeine for people: whole milligrams, `95 mg`; a tenth below 10 mg, `2.5 mg`.
public enum CaffeineText {
  public static func milligrams(_ value: Double) -> String {
    if value > 0 && value < 9.95 {
      return "\((value * 10).rounded() / 10) mg"
    }
    return "\(Int(value.rounded())) mg"
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
