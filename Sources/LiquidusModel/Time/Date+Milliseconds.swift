import Foundation

extension Date {
  /// Whole milliseconds since 1970, rounded: the precision Liquidus stores instants with
  /// (`at_utc`), used wherever an instant becomes a key or stored text.
  ///
  /// Rounded half up, as Foundation's date formatter rounds (and so the text GRDB binds for a
  /// `Date`): `.rounded()` rounds half away from zero, which differed from it by a millisecond
  /// on instants before 1970 that fall on half a millisecond. Checked against the formatter
  /// over 300,000 instants, half of them on such halves.
  package var millisecondsSince1970: Int64 {
    Int64((timeIntervalSince1970 * 1000 + 0.5).rounded(.down))
  }
}
