import Foundation

// A period or time the user typed that does not parse is a usage error (exit 64), and its message
// already lists the accepted forms.

extension PeriodExpressionError: LiquidusFailure {
  public var exitStatus: ExitStatus { .usage }
  public var description: String { errorDescription ?? "Unknown period." }
}

extension TimeExpressionError: LiquidusFailure {
  public var exitStatus: ExitStatus { .usage }
  public var description: String { errorDescription ?? "Unknown time." }
}
