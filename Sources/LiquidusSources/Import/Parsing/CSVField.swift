import Foundation

/// Fields of the CSV Liquidus writes: RFC 4180 quoting, and protection against formula
/// injection.
///
/// A spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` (and, in some, a tab or a
/// carriage return) as a formula, so a drink named `=HYPERLINK(...)` could act when an export is
/// opened. As OWASP recommends, such a field is written with a leading `'`, which spreadsheets
/// show as text. To keep the round trip exact, a field that already begins with apostrophes
/// followed by one of those characters gets one more, and ``unneutralized(_:)`` (used when
/// Liquidus reads its own CSV back) takes exactly one away.
public enum CSVField {
  /// `value` ready to stand between commas: neutralised, then quoted when it needs to be.
  public static func escape(_ value: String) -> String {
    let value = neutralized(value)
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// One CSV line from `fields`.
  public static func line(_ fields: [String]) -> String {
    fields.map(escape).joined(separator: ",")
  }

  /// The characters that make a spreadsheet read a cell as a formula.
  static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

  /// `value` with a `'` in front when a spreadsheet would run it (see the type's discussion).
  public static func neutralized(_ value: String) -> String {
    startsLikeFormula(value) ? "'" + value : value
  }

  /// `value` as written before ``neutralized(_:)``.
  public static func unneutralized(_ value: String) -> String {
    value.first == "'" && startsLikeFormula(value) ? String(value.dropFirst()) : value
  }

  /// Whether `value`, after any leading apostrophes, begins with a formula character.
  private static func startsLikeFormula(_ value: String) -> Bool {
    value.unicodeScalars.first { $0 != "'" }.map(formulaStarts.contains) ?? false
  }
}
