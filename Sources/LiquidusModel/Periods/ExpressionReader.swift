/// Reads an expression such as `2026-11-20t08:15:00+01:00` from left to right, one piece at a
/// time: a run of ASCII digits, a literal, whitespace.
///
/// Why not regular expressions: a regex literal is compiled again each time the function that
/// holds it runs, and `POST /api/drinks` reads one time a request. Compiling and matching the
/// three forms of ``TimeExpression`` was 3.2M of the 4.6M instructions a POST took.
///
/// Each method consumes what it read and returns it, or consumes nothing and returns nil (or
/// false), so a form is read as a chain of `guard`s, each form with a copy of one reader.
/// Digits are ASCII only: a regex's `\d` also took other scripts' digits, which `Int(_:)` then
/// could not read (`٣m ago` was read as "0 minutes ago"). Whitespace is read a scalar at a
/// time, where a regex's `\s` took a whole character, a space with a combining mark included.
struct ExpressionReader {
  private let scalars: [Unicode.Scalar]
  private var position = 0

  init(_ text: String) {
    scalars = Array(text.unicodeScalars)
  }

  /// Whether everything was read.
  var atEnd: Bool { position == scalars.count }

  /// A number of at least `lengths.lowerBound` digits and at most `lengths.upperBound`, as
  /// many as there are up to the most (a regex's greedy `\d{1,2}`); nil when fewer.
  mutating func number(digits lengths: ClosedRange<Int>) -> Int? {
    let digits = digits(upTo: lengths.upperBound)
    guard digits.count >= lengths.lowerBound else { return nil }
    position += digits.count
    return digits.reduce(0) { $0 * 10 + Int($1.value - 48) }
  }

  /// The digits of a fraction after its `.` (`.250` reads `250`), at least one; nil without.
  mutating func fractionDigits() -> String? {
    let start = position
    let digits = skip(".") ? digits(upTo: .max) : []
    guard !digits.isEmpty else {
      position = start
      return nil
    }
    position += digits.count
    return String(String.UnicodeScalarView(digits))
  }

  /// Reads `literal` if it comes next.
  mutating func skip(_ literal: String) -> Bool {
    var end = position
    for scalar in literal.unicodeScalars {
      guard end < scalars.count, scalars[end] == scalar else { return false }
      end += 1
    }
    position = end
    return true
  }

  /// The first of `choices` that comes next, read.
  mutating func oneOf(_ choices: [String]) -> String? {
    choices.first { skip($0) }
  }

  /// Reads whitespace, as much as there is; whether there was `atLeastOne` when asked for.
  @discardableResult
  mutating func whitespace(atLeastOne: Bool = false) -> Bool {
    let start = position
    while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
    return !atLeastOne || position > start
  }

  private func digits(upTo most: Int) -> ArraySlice<Unicode.Scalar> {
    var end = position
    while end < scalars.count, end - position < most, Self.isDigit(scalars[end]) { end += 1 }
    return scalars[position..<end]
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar)
  }
}
