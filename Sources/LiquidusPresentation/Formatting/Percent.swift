import Foundation

/// Progress as people read it: `88%`, never `87.5%`, and never 100% before the goal is reached.
public enum Percent {
  /// `part / whole` as a whole percentage, rounded half up, but 99% while part < whole.
  public static func text(_ part: Double, of whole: Double) -> String {
    "\(value(part, of: whole))%"
  }

  /// The whole-number percentage behind ``text(_:of:)``.
  public static func value(_ part: Double, of whole: Double) -> Int {
    guard whole > 0 else { return 0 }
    let percent = WholeNumber.of(part / whole * 100)
    return part < whole ? min(percent, 99) : percent
  }
}
