import Foundation

/// A `<Record>` start tag passed over by its type alone, before it is scanned.
///
/// Most records of a real export are heart rate, energy and steps, which an import only counts.
/// ``XMLStartTag/scan(_:from:end:keepAttributes:)`` steps through every attribute of every tag
/// (names byte by byte, values by `memchr`); a record of a type nobody reads needs none of them.
/// When the type is the tag's first attribute, as the Health app writes it, its bytes decide,
/// and the tag's end is found by the `<` of the next tag: an attribute value holds no `<` in
/// well-formed XML, and what separates the two tags is white space.
///
/// Whatever this cannot be sure of it leaves to the full scan, which says what is wrong:
/// another first attribute, a `>` or `'` anywhere after the type (a `>` may sit inside a
/// quoted value), an odd number of `"`, other text before the next tag, or no next tag
/// within ``reach``. The answer depends on the file's bytes alone, never on where a read
/// ended, so that every chunking reads a file the same way. What it does not check is the
/// form of the skipped tag's other attributes, which the full scan would refuse when broken:
/// a damaged record of a skipped type is skipped rather than stopping the import.
enum XMLRecordSkip {
  enum Outcome {
    /// The window ends before this can decide: refill and ask again.
    case incomplete
    /// Scan the tag in full, as any other.
    case scanInFull
    /// A record of a type not wanted, its type's bytes, and where its start tag ends.
    case skip(type: ByteSpan, end: Int, selfClosing: Bool)
  }

  /// How far past the tag's `<` the next tag is looked for; a longer record is scanned in full.
  static let reach = 64 * 1024

  /// Looks at the tag whose `<` is at `from`, skipping it when `wanted` says no to its type.
  /// `atEndOfData` tells that no bytes will follow `end`.
  static func look(
    _ base: UnsafeMutablePointer<UInt8>, from: Int, end: Int, atEndOfData: Bool,
    wanted: (ByteSpan) -> Bool
  ) -> Outcome {
    let limit = min(end, from + reach)
    // Out of bytes before deciding: more may come, unless the data or the reach ends here.
    let undecided: Outcome = atEndOfData || end - from >= reach ? .scanInFull : .incomplete
    var i = from + 1
    let record: StaticString = "Record"
    guard i + 7 <= limit else { return undecided }
    guard ByteSpan(base + i, 6).equals(record), XMLStartTag.isSpace(base[i + 6]) else {
      return .scanInFull
    }
    i += 7
    while i < limit, XMLStartTag.isSpace(base[i]) { i += 1 }
    guard i + 5 <= limit else { return undecided }
    guard ByteSpan(base + i, 4).equals("type") else { return .scanInFull }
    i += 4
    while i < limit, XMLStartTag.isSpace(base[i]) { i += 1 }
    guard i < limit else { return undecided }
    guard base[i] == UInt8(ascii: "=") else { return .scanInFull }
    i += 1
    while i < limit, XMLStartTag.isSpace(base[i]) { i += 1 }
    guard i < limit else { return undecided }
    let quote = base[i]
    guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return .scanInFull }
    i += 1
    guard let close = memchr(base + i, Int32(quote), limit - i) else { return undecided }
    let valueEnd = base.distance(to: close.assumingMemoryBound(to: UInt8.self))
    let type = ByteSpan(base + i, valueEnd - i)
    if wanted(type) { return .scanInFull }
    let rest = valueEnd + 1
    guard let next = memchr(base + rest, 0x3C, limit - rest) else { return undecided }
    var tagEnd = base.distance(to: next.assumingMemoryBound(to: UInt8.self)) - 1
    while tagEnd > rest, XMLStartTag.isSpace(base[tagEnd]) { tagEnd -= 1 }
    guard tagEnd >= rest, base[tagEnd] == UInt8(ascii: ">") else { return .scanInFull }
    guard quotesPair(base, from: rest, to: tagEnd) else { return .scanInFull }
    let selfClosing = tagEnd > rest && base[tagEnd - 1] == UInt8(ascii: "/")
    return .skip(type: type, end: tagEnd + 1, selfClosing: selfClosing)
  }

  /// Whether `base[from..<to]` holds only `"`-quoted values: an even number of `"`, and no `'`
  /// or `>` (either could stand for something the full scan reads otherwise). One pass with no
  /// branch per byte, which the compiler turns into vector instructions.
  private static func quotesPair(_ base: UnsafeMutablePointer<UInt8>, from: Int, to: Int) -> Bool {
    var doubles: UInt8 = 0
    var others: UInt8 = 0
    var k = from
    while k < to {
      let c = base[k]
      doubles ^= c == UInt8(ascii: "\"") ? 1 : 0
      others |= (c == UInt8(ascii: "'")) || (c == UInt8(ascii: ">")) ? 1 : 0
      k += 1
    }
    return doubles == 0 && others == 0
  }
}
