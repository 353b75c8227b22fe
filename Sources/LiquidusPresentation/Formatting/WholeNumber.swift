/// A number rounded for a view, held where an `Int` can take it.
///
/// `Int(x.rounded())` traps for NaN, infinities and anything beyond ±9.2e18, and a database may
/// hold such a number (written before imports checked caffeine, or by hand in `sqlite3`), so a
/// view that showed it would crash on every later run. No view rounds a stored number itself.
public enum WholeNumber {
  /// The largest magnitude shown as digits: beyond it, the views show this bound.
  public static let bound = 1e15

  /// `value` rounded half away from zero, clamped to ±``bound``; 0 for NaN.
  public static func of(_ value: Double) -> Int {
    guard !value.isNaN else { return 0 }
    return Int(min(max(value.rounded(), -bound), bound))
  }
}
