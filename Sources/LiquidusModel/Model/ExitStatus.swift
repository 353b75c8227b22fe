/// The process exit codes Liquidus promises (see DESIGN.md), named after sysexits.h.
public enum ExitStatus: Int32, Sendable {
  /// Something outside the user's input failed: the disk, the database file, gnuplot.
  case failure = 1
  /// The command line was wrong: an unknown drink, an amount that does not parse, an unknown id.
  case usage = 64
  /// An input file held bad data.
  case dataError = 65
}

/// An error the user caused or can fix, with the exit code the process should end with.
///
/// Every case's `errorDescription` says what was wrong and what to do about it.
public protocol LiquidusFailure: Error, CustomStringConvertible {
  var exitStatus: ExitStatus { get }
}
