/// Parses decimal numbers straight from bytes.
///
/// `Double(String)` per record would mean a String per record; instead the common shape
/// (`-123.456`, at most 15 significant digits) becomes an integer and one division by an
/// exact power of ten, which IEEE 754 rounds correctly, i.e. exactly like `strtod`. Anything
/// else (exponents, long mantissas) falls back to `Double(String)`.
enum DecimalParser {
  private static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// The value of `span` (spaces around it allowed), or nil when it is not a finite number.
  static func parse(_ span: ByteSpan) -> Double? {
    let bytes = span.trimmed
    var i = 0
    let n = bytes.count
    guard n > 0 else { return nil }
    var negative = false
    if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
      negative = bytes[0] == UInt8(ascii: "-")
      i = 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var seenPoint = false
    var simple = true
    while i < n {
      let c = bytes[i]
      if c &- 0x30 < 10 {
        if digits < 18 {
          mantissa = mantissa &* 10 &+ UInt64(c &- 0x30)
          if mantissa != 0 { digits += 1 }
        } else {
          simple = false
        }
        if seenPoint { fractionDigits += 1 }
      } else if c == UInt8(ascii: ".") && !seenPoint {
        seenPoint = true
      } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
        simple = false
        break
      } else {
        return nil
      }
      i += 1
    }
    let sawDigit = n - (negative || bytes[0] == UInt8(ascii: "+") ? 1 : 0) > (seenPoint ? 1 : 0)
    guard sawDigit else { return nil }
    if simple && digits <= 15 && fractionDigits <= 22 {
      let value = Double(mantissa) / powersOfTen[fractionDigits]
      return negative ? -value : value
    }
    guard let value = Double(bytes.string), value.isFinite else { return nil }
    return value
  }
}
