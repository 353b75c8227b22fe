import Foundation

/// Every JSON Liquidus prints goes through here, so all of it has the same shape: keys sorted
/// (output diffs cleanly and never depends on a dictionary's order), slashes unescaped.
public enum JSONText {
  /// How the text is laid out.
  public enum Layout: Sendable {
    /// Indented, one key per line: what `summary` and `list` print.
    case pretty
    /// One line: what status bars and line-oriented tools read (`status --format json`).
    case oneLine
  }

  /// `value` as JSON text.
  public static func encode(_ value: some Encodable, layout: Layout = .pretty) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    if layout == .pretty { encoder.outputFormatting.insert(.prettyPrinted) }
    // Nothing Liquidus stores now sums past a Double, but a database written before merges and
    // imports checked their numbers (or edited by hand) may: its JSON still prints, with the
    // sum as a string, instead of failing the whole view.
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
