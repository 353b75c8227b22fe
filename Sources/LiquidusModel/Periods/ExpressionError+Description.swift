import Foundation

extension PeriodExpressionError: LiquidusError {
  public var description: String { errorDescription ?? "Unknown period." }
}

extension TimeExpressionError: LiquidusError {
  public var description: String { errorDescription ?? "Unknown time." }
}
