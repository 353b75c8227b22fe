import Foundation
import LiquidusModel

/// Why a report could not be drawn or written.
///
/// Every case is something outside the person's arguments: a missing program, a full disk.
public enum ReportError: LiquidusError, Equatable {
  /// No `gnuplot` executable on the search path.
  case gnuplotMissing(searchPath: String)
  /// gnuplot ran but failed or warned; `message` is what it printed on stderr.
  case gnuplotFailed(status: Int32, message: String)
  /// gnuplot did not finish within the time limit and was stopped.
  case gnuplotTimedOut(seconds: Int)
  /// gnuplot exited cleanly but the chart file it should have written is missing or empty.
  case chartMissing(name: String)
  /// A file or folder could not be written.
  case cannotWrite(path: String, reason: String)

  public var description: String {
    switch self {
    case .gnuplotMissing(let searchPath):
      let shown = searchPath.isEmpty ? "(empty)" : searchPath
      return "gnuplot was not found on PATH (\(shown)); Liquidus draws charts with it."
    case .gnuplotFailed(let status, let message):
      let detail = message.trimmingCharacters(in: .whitespacesAndNewlines)
      return "gnuplot failed (exit status \(status)) while drawing the charts: "
        + "\(detail.isEmpty ? "no message" : detail). No files were written. "
        + "Check that `gnuplot --version` reports 5.4 or later with the svg and pngcairo "
        + "terminals (`apt-get install gnuplot-nox`)."
    case .gnuplotTimedOut(let seconds):
      return "gnuplot took longer than \(seconds) s and was stopped. No files were written. "
        + "Try a shorter period, or check that gnuplot runs: `gnuplot --version`."
    case .chartMissing(let name):
      return "gnuplot finished but did not write \(name). No files were written. "
        + "Check that gnuplot has the svg and pngcairo terminals (`apt-get install gnuplot-nox`)."
    case .cannotWrite(let path, let reason):
      return "Cannot write \(path): \(reason.withoutFinalPeriod)."
    }
  }
}
