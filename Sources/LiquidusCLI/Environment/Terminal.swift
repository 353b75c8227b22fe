import Foundation

/// Writing to the command's output and error streams, and knowing whether they are terminals.
///
/// Everything goes through ``CommandEnvironment/current``, so a command run in a test writes
/// into the test's buffers.
enum Terminal {
  /// Prints a line of results to standard output.
  static func print(_ text: String = "") {
    // A closed pipe (`liquidus list | head -1`) is not worth a second error.
    try? CommandEnvironment.current.output.write(text + "\n")
  }

  /// Prints to standard error, for messages that must not mix into piped data.
  static func warn(_ message: String) {
    try? CommandEnvironment.current.errors.write(message + "\n")
  }

  /// Whether standard output is an interactive terminal (not a pipe or a file).
  static var outputIsTerminal: Bool { CommandEnvironment.current.outputIsTerminal }

  /// Whether colour may be used: only on a terminal, and never when `NO_COLOR` is set.
  static var allowsColor: Bool {
    outputIsTerminal && CommandEnvironment.current.variables["NO_COLOR"].map(\.isEmpty) ?? true
  }

  /// Whether the locale can show block characters; plain ASCII otherwise.
  static var allowsUnicode: Bool {
    let environment = CommandEnvironment.current.variables
    let charset = environment["LC_ALL"] ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? ""
    return !(charset == "C" || charset == "POSIX")
  }
}
