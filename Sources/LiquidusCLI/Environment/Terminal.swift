import Foundation
import LiquidusAnalysis
import LiquidusPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writing to the command's output and error streams, and knowing whether they are terminals.
///
/// Everything goes through ``CommandEnvironment/current``, so a command run in a test writes
/// into the test's buffers. Text for people has its control characters and bidi overrides made
/// visible (``TerminalText``), since it holds names, notes and file contents; machine formats
/// (JSON, CSV) are printed `raw`, every character kept.
enum Terminal {
  /// Prints a line of results to standard output.
  /// - Parameter raw: the text is a machine format, or made safe by its view already.
  static func print(_ text: String = "", raw: Bool = false) {
    // A closed pipe (`liquidus list | head -1`) is not worth a second error.
    try? CommandEnvironment.current.output.write((raw ? text : TerminalText.visible(text)) + "\n")
  }

  /// Prints to standard error, for messages that must not mix into piped data.
  static func warn(_ message: String) {
    try? CommandEnvironment.current.errors.write(TerminalText.visible(message) + "\n")
  }

  /// Whether standard output is an interactive terminal (not a pipe or a file).
  static var outputIsTerminal: Bool { CommandEnvironment.current.outputIsTerminal }

  /// Whether colour may be used: only on a terminal, and never when `NO_COLOR` is set.
  static var allowsColor: Bool {
    outputIsTerminal && CommandEnvironment.current.variables["NO_COLOR"].map(\.isEmpty) ?? true
  }

  /// The width to draw for: the terminal's own, else `COLUMNS`, else 80.
  static var columns: Int {
    if CommandEnvironment.current.outputIsTerminal {
      var size = winsize()
      if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
        return Int(size.ws_col)
      }
    }
    if let text = CommandEnvironment.current.variables["COLUMNS"], let value = Int(text),
      value > 0
    {
      return value
    }
    return 80
  }

  /// Whether the terminal says it shows 24-bit colour.
  static var allowsTrueColor: Bool {
    let value = CommandEnvironment.current.variables["COLORTERM"]?.lowercased() ?? ""
    return value == "truecolor" || value == "24bit"
  }

  /// A terminal chart of `report` for this terminal.
  static func chart(_ report: TrendReport) -> String {
    TerminalChart(
      report: report, columns: columns, useColor: allowsColor, trueColor: allowsTrueColor,
      unicode: allowsUnicode
    ).render()
  }

  /// Whether the locale can show block characters; plain ASCII otherwise.
  static var allowsUnicode: Bool {
    let environment = CommandEnvironment.current.variables
    let charset = environment["LC_ALL"] ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? ""
    return !(charset == "C" || charset == "POSIX")
  }
}
