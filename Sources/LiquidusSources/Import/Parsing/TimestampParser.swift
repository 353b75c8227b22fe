/// Parses `yyyy-MM-dd HH:mm[:ss[.fff]] [±HHMM|±HH:MM|Z]` and the ISO 8601 `T` form.
///
/// One grammar covers Apple Health (`2024-08-07 12:58:00 +1200`), the converter CSVs, Health
/// Auto Export (no offset, optional ` +0100`) and the plain csv (`2026-11-20T08:15:00-08:00`).
enum TimestampParser {
  /// The forms, for messages about a date that is none of them.
  static let acceptedForms =
    "ISO 8601 with an offset (2026-11-20T08:15:00+01:00, 2026-11-20T07:15:00Z, or"
    + " 2026-11-20 08:15:00 +0100) or a local time read in $TZ (2026-11-20 08:15[:00]);"
    + " day-first or month-first dates such as 20/11/2026 are not read"

  static func parse(_ span: ByteSpan) -> Timestamp? {
    var c = Cursor(s: span.trimmed)
    guard let year = c.number(4), c.expect(0x2D), let month = c.number(2), c.expect(0x2D),
      let day = c.number(2)
    else { return nil }
    guard c.expect(0x20) || c.expect(UInt8(ascii: "T")) else { return nil }
    guard let hour = c.number(2), c.expect(0x3A), let minute = c.number(2) else { return nil }
    var second = 0
    var fraction = 0.0
    if c.expect(0x3A) {
      guard let value = c.number(2) else { return nil }
      second = value
      if c.expect(UInt8(ascii: ".")) || c.expect(UInt8(ascii: ",")) {
        var scale = 0.1
        let first = c.i
        while let digit = c.digit() {
          fraction += Double(digit) * scale
          scale /= 10
        }
        guard c.i > first else { return nil }
      }
    }
    while c.expect(0x20) {}
    var offset: Int?
    if c.expect(UInt8(ascii: "Z")) {
      offset = 0
    } else if c.i < c.s.count, c.s[c.i] == UInt8(ascii: "+") || c.s[c.i] == UInt8(ascii: "-") {
      let sign = c.s[c.i] == UInt8(ascii: "-") ? -1 : 1
      c.i += 1
      guard let hours = c.number(2), hours <= 18 else { return nil }
      var minutes = 0
      if c.i < c.s.count {
        _ = c.expect(0x3A)
        guard let value = c.number(2), value < 60 else { return nil }
        minutes = value
      }
      offset = sign * (hours * 3600 + minutes * 60)
    }
    guard c.i == c.s.count else { return nil }
    return Timestamp.make(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      fraction: fraction, offsetSeconds: offset)
  }

  /// The read position. A struct with mutating methods rather than nested functions that
  /// capture a local `var`: those box the variable and check exclusive access at run time on
  /// every call, which cost more than the parsing (a million timestamps per large import).
  private struct Cursor {
    let s: ByteSpan
    var i = 0

    mutating func number(_ width: Int) -> Int? {
      guard i + width <= s.count else { return nil }
      var value = 0
      for k in 0..<width {
        let d = s[i + k] &- 0x30
        guard d < 10 else { return nil }
        value = value * 10 + Int(d)
      }
      i += width
      return value
    }

    mutating func expect(_ byte: UInt8) -> Bool {
      guard i < s.count, s[i] == byte else { return false }
      i += 1
      return true
    }

    mutating func digit() -> UInt8? {
      guard i < s.count, s[i] &- 0x30 < 10 else { return nil }
      defer { i += 1 }
      return s[i] &- 0x30
    }
  }
}
