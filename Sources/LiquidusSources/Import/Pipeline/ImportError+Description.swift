import LiquidusModel

extension ImportError: LiquidusError {
  public var description: String { errorDescription ?? "\(self)" }
}
