/// The process exit codes Liquidus promises (README, "Exit codes and errors"), named after
/// sysexits.h.
enum ExitStatus: Int32, Sendable {
  /// Something outside the user's input failed: the disk, the database file, gnuplot.
  case failure = 1
  /// The command line was wrong: an unknown drink, an amount that does not parse, an unknown id.
  case usage = 64
  /// An input file held bad data.
  case dataError = 65
}

/// An error as the command line shows it: the exit status it ends the process with, and its
/// message, which adds to the library's description the options and commands that fix it.
protocol CommandLineFailure: Error {
  var exitStatus: ExitStatus { get }
  var message: String { get }
}
