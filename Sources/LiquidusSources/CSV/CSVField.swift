import Foundation

/// RFC 4180 quoting: a field with a comma, quote, or line break is quoted, quotes doubled.
public enum CSVField {
  /// `value` ready to stand between commas.
  public static func escape(_ value: String) -> String {
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// One CSV line from `fields`.
  public static func line(_ fields: [String]) -> String {
    fields.map(escape).joined(separator: ",")
  }
}
