import Foundation

extension Date {
  /// Whole milliseconds since 1970, rounded: the precision Liquidus stores instants with
  /// (`at_utc`), used wherever an instant becomes a key or stored text.
  package var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
}
