import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing to the terminal, and knowing whether it is one.
enum Terminal {
  /// Prints to standard error, for messages that must not mix into piped data.
  static func warn(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }

  /// Whether standard output is an interactive terminal (not a pipe or a file).
  static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// Whether colour may be used: only on a terminal, and never when `NO_COLOR` is set.
  static var allowsColor: Bool {
    outputIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
  }

  /// Whether the locale can show block characters; plain ASCII otherwise.
  static var allowsUnicode: Bool {
    let environment = ProcessInfo.processInfo.environment
    let charset = environment["LC_ALL"] ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? ""
    return !(charset == "C" || charset == "POSIX")
  }
}
