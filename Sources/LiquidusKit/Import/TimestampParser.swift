/// Parses `yyyy-MM-dd HH:mm[:ss[.fff]] [±HHMM|±HH:MM|Z]` and the ISO 8601 `T` form.
///
/// One grammar covers Apple Health (`2024-08-07 12:58:00 +1200`), the converter CSVs, Health
/// Auto Export (no offset, optional ` +0100`) and the plain csv (`2026-11-20T08:15:00-08:00`).
enum TimestampParser {
  static func parse(_ span: ByteSpan) -> Timestamp? {
    let s = span.trimmed
    var i = 0
    func number(_ width: Int) -> Int? {
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
    func expect(_ byte: UInt8) -> Bool {
      guard i < s.count, s[i] == byte else { return false }
      i += 1
      return true
    }
    guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D),
      let day = number(2)
    else { return nil }
    guard i < s.count, s[i] == 0x20 || s[i] == UInt8(ascii: "T") else { return nil }
    i += 1
    guard let hour = number(2), expect(0x3A), let minute = number(2) else { return nil }
    var second = 0
    var fraction = 0.0
    if expect(0x3A) {
      guard let value = number(2) else { return nil }
      second = value
      if expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) {
        var scale = 0.1
        let first = i
        while i < s.count, s[i] &- 0x30 < 10 {
          fraction += Double(s[i] &- 0x30) * scale
          scale /= 10
          i += 1
        }
        guard i > first else { return nil }
      }
    }
    while i < s.count, s[i] == 0x20 { i += 1 }
    var offset: Int?
    if i < s.count {
      if s[i] == UInt8(ascii: "Z") {
        offset = 0
        i += 1
      } else if s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") {
        let sign = s[i] == UInt8(ascii: "-") ? -1 : 1
        i += 1
        guard let hours = number(2), hours <= 18 else { return nil }
        var minutes = 0
        if i < s.count {
          _ = expect(0x3A)
          guard let value = number(2), value < 60 else { return nil }
          minutes = value
        }
        offset = sign * (hours * 3600 + minutes * 60)
      }
    }
    guard i == s.count else { return nil }
    return Timestamp.make(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      fraction: fraction, offsetSeconds: offset)
  }
}
