import Foundation

/// One start tag (`<Record a="..." ...>` or `.../>`), scanned from raw bytes.
///
/// Only the attributes that the Apple Health reader needs are kept, as spans into the buffer;
/// every other attribute is stepped over with one `memchr` for its closing quote, which is
/// what makes skipping a non-intake record cheap. Quotes are honoured, so a `>` inside an
/// attribute value cannot end the tag early.
struct XMLStartTag {
  enum Scan {
    /// The buffer ends inside the tag: refill and scan again.
    case incomplete
    case malformed(String)
    case tag(XMLStartTag)
  }

  var name: ByteSpan
  var type: ByteSpan?
  var unit: ByteSpan?
  var value: ByteSpan?
  var sourceName: ByteSpan?
  var startDate: ByteSpan?
  /// A `<Workout>`'s end, for one without a duration.
  var endDate: ByteSpan?
  var selfClosing = false
  /// Offset just past the closing `>`.
  var end = 0

  @inline(__always)
  static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D }

  /// What each byte is to the scanner, one table lookup per byte instead of up to six
  /// comparisons: names and spaces are stepped over byte by byte (values by `memchr`), and
  /// that loop was a third of the reading thread's instructions. Written once, then only read,
  /// which is what makes sharing the pointer between threads sound.
  nonisolated(unsafe) private static let classes: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    for byte in 0..<256 {
      let c = UInt8(byte)
      var bits: UInt8 = 0
      if isSpace(c) { bits |= space | endsElementName | endsAttributeName }
      if c == UInt8(ascii: ">") { bits |= endsElementName | endsAttributeName }
      if c == UInt8(ascii: "/") { bits |= endsElementName }
      if c == UInt8(ascii: "=") { bits |= endsAttributeName }
      table[byte] = bits
    }
    return UnsafePointer(table)
  }()
  private static let space: UInt8 = 1
  private static let endsElementName: UInt8 = 2
  private static let endsAttributeName: UInt8 = 4

  /// Scans the tag whose `<` is at `from`. `keepAttributes` is false for elements whose
  /// attributes nobody reads.
  static func scan(
    _ base: UnsafeMutablePointer<UInt8>, from: Int, end: Int, keepAttributes: (ByteSpan) -> Bool
  ) -> Scan {
    let classes = Self.classes
    var i = from + 1
    while i < end, classes[Int(base[i])] & Self.endsElementName == 0 { i += 1 }
    guard i < end else { return .incomplete }
    var tag = XMLStartTag(name: ByteSpan(base + from + 1, i - from - 1))
    guard !tag.name.isEmpty else { return .malformed("'<' is not followed by an element name") }
    let keep = keepAttributes(tag.name)
    // A workout names its fields apart from a record's; checked once per kept tag, so that a
    // record's attributes are matched against a record's names only.
    let workout = keep && tag.name.equals("Workout")
    while true {
      while i < end, classes[Int(base[i])] & Self.space != 0 { i += 1 }
      guard i < end else { return .incomplete }
      let c = base[i]
      if c == UInt8(ascii: ">") {
        tag.end = i + 1
        return .tag(tag)
      }
      if c == UInt8(ascii: "/") {
        guard i + 1 < end else { return .incomplete }
        guard base[i + 1] == UInt8(ascii: ">") else {
          return .malformed("'/' inside <\(tag.name.string)> is not followed by '>'")
        }
        tag.selfClosing = true
        tag.end = i + 2
        return .tag(tag)
      }
      let nameStart = i
      while i < end, classes[Int(base[i])] & Self.endsAttributeName == 0 { i += 1 }
      let nameEnd = i
      while i < end, classes[Int(base[i])] & Self.space != 0 { i += 1 }
      guard i < end else { return .incomplete }
      let attribute = ByteSpan(base + nameStart, nameEnd - nameStart)
      guard base[i] == UInt8(ascii: "=") else {
        return .malformed("attribute '\(attribute.string)' of <\(tag.name.string)> has no value")
      }
      i += 1
      while i < end, classes[Int(base[i])] & Self.space != 0 { i += 1 }
      guard i < end else { return .incomplete }
      let quote = base[i]
      guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
        return .malformed("the value of '\(attribute.string)' is not quoted")
      }
      i += 1
      guard let hit = memchr(base + i, Int32(quote), end - i) else { return .incomplete }
      let valueEnd = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      if workout {
        tag.assignWorkout(attribute, ByteSpan(base + i, valueEnd - i))
      } else if keep {
        tag.assign(attribute, ByteSpan(base + i, valueEnd - i))
      }
      i = valueEnd + 1
    }
  }

  /// A `<Workout>`'s attributes, into the fields a record's would take: the activity as its
  /// type, the duration as its value and unit.
  private mutating func assignWorkout(_ name: ByteSpan, _ value: ByteSpan) {
    if name.equals("workoutActivityType") {
      type = value
    } else if name.equals("duration") {
      self.value = value
    } else if name.equals("durationUnit") {
      unit = value
    } else if name.equals("startDate") {
      startDate = value
    } else if name.equals("endDate") {
      endDate = value
    } else if name.equals("sourceName") {
      sourceName = value
    }
  }

  private mutating func assign(_ name: ByteSpan, _ value: ByteSpan) {
    switch name.count {
    case 4:
      if name.equals("type") { type = value } else if name.equals("unit") { unit = value }
    case 5:
      if name.equals("value") { self.value = value }
    case 9:
      if name.equals("startDate") { startDate = value }
    case 10:
      if name.equals("sourceName") { sourceName = value }
    default:
      break
    }
  }
}
