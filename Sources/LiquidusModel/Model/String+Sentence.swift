extension String {
  /// The text without a final full stop, for a reason that goes inside a sentence of ours:
  /// Foundation's messages end with one ("The file doesn't exist."), and "exist.." reads badly.
  public var withoutFinalPeriod: String {
    hasSuffix(".") && !hasSuffix("...") ? String(dropLast()) : self
  }
}
