import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a command runs against from outside the program: the environment variables (clock,
/// zone, locale, database path), and where its output and messages go.
///
/// The process's own is the default; tests run a command in-process with their own values and
/// capture its output (``Liquidus/run(_:)`` inside `CommandEnvironment.$current.withValue`).
/// Nothing in the commands reads `ProcessInfo`, `isatty` or the standard streams directly.
package struct CommandEnvironment: Sendable {
  /// The environment variables, e.g. `LIQUIDUS_DB`, `LIQUIDUS_NOW`, `TZ`, `LANG`, `NO_COLOR`.
  package var variables: [String: String]
  /// Where results go (standard output).
  package var output: TextSink
  /// Where messages, warnings and progress go (standard error).
  package var errors: TextSink
  /// Whether ``output`` is an interactive terminal (colour, block characters).
  package var outputIsTerminal: Bool
  /// Whether ``errors`` is an interactive terminal (the progress bar).
  package var errorsAreTerminal: Bool
  /// A person's answers at the terminal, a line at a time; nil when standard input is not a
  /// terminal, so that a script is never asked a question nobody will answer.
  package var answers: (@Sendable () -> String?)?

  /// Creates an environment.
  package init(
    variables: [String: String], output: TextSink, errors: TextSink,
    outputIsTerminal: Bool = false, errorsAreTerminal: Bool = false,
    answers: (@Sendable () -> String?)? = nil
  ) {
    self.answers = answers
    self.variables = variables
    self.output = output
    self.errors = errors
    self.outputIsTerminal = outputIsTerminal
    self.errorsAreTerminal = errorsAreTerminal
  }

  /// The process's variables and standard streams.
  package static var process: CommandEnvironment {
    CommandEnvironment(
      variables: ProcessInfo.processInfo.environment, output: .standardOutput,
      errors: .standardError, outputIsTerminal: isatty(STDOUT_FILENO) == 1,
      errorsAreTerminal: isatty(STDERR_FILENO) == 1,
      answers: isatty(STDIN_FILENO) == 1 ? readAnswer : nil)
  }

  /// One line of standard input, for ``answers``.
  @Sendable private static func readAnswer() -> String? { readLine() }

  /// The environment of the command running in this task: set by ``Liquidus/runProcess()`` (the
  /// process's) and by tests (their own). The default, outside both, reads nothing: reading the
  /// process environment here too would cost `log` a second pass over it.
  @TaskLocal package static var current = CommandEnvironment(
    variables: [:], output: .standardOutput, errors: .standardError)
}

/// A destination for text: a standard stream, or a buffer a test reads afterwards.
package final class TextSink: Sendable {
  private let sink: @Sendable (String) throws -> Void

  /// Creates a sink that hands every piece of text to `write`.
  package init(_ write: @escaping @Sendable (String) throws -> Void) {
    sink = write
  }

  /// Writes `text` as it is (no newline added).
  package func write(_ text: String) throws {
    try sink(text)
  }

  /// The process's standard output.
  package static let standardOutput = TextSink { text in
    try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
  }

  /// The process's standard error.
  package static let standardError = TextSink { text in
    try FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }
}
