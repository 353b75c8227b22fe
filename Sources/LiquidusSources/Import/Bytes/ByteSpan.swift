/// A borrowed run of bytes inside a reader's buffer, valid until the buffer is refilled.
///
/// Parsers compare and convert these directly, so only the records that are emitted ever
/// become `String`s.
struct ByteSpan {
  let start: UnsafePointer<UInt8>
  let count: Int

  init(_ start: UnsafePointer<UInt8>, _ count: Int) {
    self.start = start
    self.count = count
  }

  var isEmpty: Bool { count == 0 }

  subscript(i: Int) -> UInt8 { start[i] }

  var string: String {
    String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  }

  /// Without leading and trailing spaces and tabs (CSV cells often have them).
  var trimmed: ByteSpan {
    var lo = 0
    var hi = count
    while lo < hi && (start[lo] == 0x20 || start[lo] == 0x09) { lo += 1 }
    while hi > lo && (start[hi - 1] == 0x20 || start[hi - 1] == 0x09) { hi -= 1 }
    return ByteSpan(start + lo, hi - lo)
  }

  func contains(_ byte: UInt8) -> Bool {
    for i in 0..<count where start[i] == byte { return true }
    return false
  }

  /// Byte-for-byte equality with an ASCII literal.
  func equals(_ literal: StaticString) -> Bool {
    guard literal.utf8CodeUnitCount == count else { return false }
    let other = literal.utf8Start
    for i in 0..<count where start[i] != other[i] { return false }
    return true
  }

  func hasSuffix(_ literal: StaticString) -> Bool {
    let n = literal.utf8CodeUnitCount
    guard n <= count else { return false }
    return ByteSpan(start + count - n, n).equals(literal)
  }

  func equals(_ other: ByteSpan) -> Bool {
    guard count == other.count else { return false }
    for i in 0..<count where start[i] != other.start[i] { return false }
    return true
  }

  /// Shortened for messages, so that a garbage cell cannot flood the terminal.
  var quotedForMessage: String {
    let text = string
    return text.count > 40 ? "'\(text.prefix(40))...'" : "'\(text)'"
  }
}
