import LiquidusModel

/// Reads the non-negative numbers of an imported file by the rule typed amounts follow.
///
/// Programs write a plain decimal point (`0.25`, `1.500`), which the byte parser reads at full
/// speed. A cell with a comma comes from a person's spreadsheet and is read by
/// ``SeparatorRule`` exactly as `liquidus log` would read it in the same locale: `1,5` is one
/// and a half everywhere, `1,500` is 1500 in English and ambiguous in German.
struct ImportedNumber: Sendable {
  /// Why a cell is not a usable number.
  enum Problem: Error {
    case notANumber
    case negative
    case ambiguous(readings: [Double])
  }

  let rule: SeparatorRule

  init(decimalSeparator: Character) {
    rule = SeparatorRule(decimalSeparator: decimalSeparator)
  }

  /// The number in `span`, 0 or more.
  func read(_ span: ByteSpan) -> Result<Double, Problem> {
    var value = DecimalParser.parse(span)
    if value == nil, span.contains(UInt8(ascii: ",")) {
      do {
        value = try rule.number(from: span.trimmed.string)
      } catch {
        guard case .ambiguous(_, let readings) = error else { return .failure(.notANumber) }
        return .failure(.ambiguous(readings: readings))
      }
    }
    guard let value, value.isFinite else { return .failure(.notANumber) }
    guard value >= 0 else { return .failure(.negative) }
    return .success(value)
  }

  /// The rejection reason for `span` in the column called `field`, e.g.
  /// "amount 'abc' is not a number; write e.g. 250, 0.5 or 0,5".
  static func reason(field: String, span: ByteSpan, problem: Problem) -> String {
    let text = "\(field) \(span.quotedForMessage)"
    switch problem {
    case .notANumber:
      return "\(text) is not a number; write e.g. 250, 0.5 or 0,5"
    case .negative:
      return "\(text) is negative; amounts are 0 or more"
    case .ambiguous(let readings):
      let shown = readings.map { $0 == $0.rounded() && abs($0) < 1e15 ? "\(Int64($0))" : "\($0)" }
      return "\(text) could mean \(shown.joined(separator: " or ")) (a comma is this locale's"
        + " decimal separator); write \(shown.last ?? "") without the separator, or"
        + " \(shown.first ?? "") with a decimal point"
    }
  }

  /// A cell that is not a usable number, worded for the report.
  struct Rejection: Error {
    let reason: String
  }

  /// The number in `span`, or why the column called `field` holds none: how every CSV reader
  /// reads its amount, so that they refuse the same cells in the same words.
  func amount(_ span: ByteSpan, field: String) throws(Rejection) -> Double {
    switch read(span) {
    case .success(let value): return value
    case .failure(let problem):
      throw Rejection(reason: Self.reason(field: field, span: span, problem: problem))
    }
  }
}
