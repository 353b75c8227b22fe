import Foundation

/// Walks the elements of one JSON array in a file's bytes, handing out each element's byte
/// range without building it, so that a reader holds only the element it is reading.
///
/// Foundation's `JSONSerialization` builds the whole document: an object per element, some
/// 190 times the bytes of a file of small elements (a Garmin file of ten million zeros took
/// 3.85 GB). The scanner checks the structure (strings, nesting, commas) as it goes; each
/// object element is then parsed on its own, and everything else is the reader's to reject.
struct JSONElementScanner {
  /// The structure is broken at `offset`.
  struct Malformed: Error {
    var offset: Int
  }

  private let bytes: Data
  /// Where the next element (or the array's end) is looked for.
  private(set) var offset: Int
  private var ended = false

  /// The array that starts at `arrayStart` (its `[`).
  init(bytes: Data, arrayStart: Int) {
    self.bytes = bytes
    offset = arrayStart + 1
  }

  /// The array at the top of `bytes` (a file that is one JSON array).
  static func topLevelArray(_ bytes: Data) throws(Malformed) -> JSONElementScanner {
    let start = bytes.withUnsafeBytes { skipBlanks($0, from: 0) }
    guard start < bytes.count, bytes[bytes.startIndex + start] == UInt8(ascii: "[") else {
      throw Malformed(offset: start)
    }
    return JSONElementScanner(bytes: bytes, arrayStart: start)
  }

  /// The array under `key` in the object at the top of `bytes` (`{"Data Points": [...]}`), or
  /// nil when the object has no such key or its value is not an array.
  static func array(underKey key: String, in bytes: Data) throws(Malformed) -> JSONElementScanner? {
    let wanted = Array(key.utf8)
    let found: Result<Int?, Malformed> = bytes.withUnsafeBytes { raw in
      var at = skipBlanks(raw, from: 0)
      guard at < raw.count, raw[at] == UInt8(ascii: "{") else {
        return .failure(Malformed(offset: at))
      }
      at = skipBlanks(raw, from: at + 1)
      if at < raw.count, raw[at] == UInt8(ascii: "}") { return .success(nil) }
      while at < raw.count {
        guard raw[at] == UInt8(ascii: "\""), let keyEnd = stringEnd(raw, from: at) else {
          return .failure(Malformed(offset: at))
        }
        let name = Array(raw[(at + 1)..<(keyEnd - 1)])
        at = skipBlanks(raw, from: keyEnd)
        guard at < raw.count, raw[at] == UInt8(ascii: ":") else {
          return .failure(Malformed(offset: at))
        }
        at = skipBlanks(raw, from: at + 1)
        if name == wanted {
          return at < raw.count && raw[at] == UInt8(ascii: "[") ? .success(at) : .success(nil)
        }
        guard let valueEnd = valueEnd(raw, from: at) else { return .failure(Malformed(offset: at)) }
        at = skipBlanks(raw, from: valueEnd)
        guard at < raw.count else { break }
        if raw[at] == UInt8(ascii: "}") { return .success(nil) }
        guard raw[at] == UInt8(ascii: ",") else { return .failure(Malformed(offset: at)) }
        at = skipBlanks(raw, from: at + 1)
      }
      return .failure(Malformed(offset: at))
    }
    guard let start = try found.get() else { return nil }
    return JSONElementScanner(bytes: bytes, arrayStart: start)
  }

  /// The next element's bytes, or nil at the array's end.
  mutating func next() throws(Malformed) -> Data? {
    guard !ended else { return nil }
    let step: Result<(Range<Int>?, Int), Malformed> = bytes.withUnsafeBytes { raw in
      let start = Self.skipBlanks(raw, from: offset)
      guard start < raw.count else { return .failure(Malformed(offset: start)) }
      if raw[start] == UInt8(ascii: "]") { return .success((nil, start + 1)) }
      guard let end = Self.valueEnd(raw, from: start), end > start else {
        return .failure(Malformed(offset: start))
      }
      let after = Self.skipBlanks(raw, from: end)
      guard after < raw.count else { return .failure(Malformed(offset: after)) }
      switch raw[after] {
      case UInt8(ascii: ","): return .success((start..<end, after + 1))
      case UInt8(ascii: "]"): return .success((start..<end, after))
      default: return .failure(Malformed(offset: after))
      }
    }
    let (range, next) = try step.get()
    offset = next
    guard let range else {
      ended = true
      return nil
    }
    return bytes.subdata(
      in: (bytes.startIndex + range.lowerBound)..<(bytes.startIndex + range.upperBound))
  }

  private static func skipBlanks(_ raw: UnsafeRawBufferPointer, from start: Int) -> Int {
    var at = start
    while at < raw.count, isBlank(raw[at]) { at += 1 }
    return at
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// What ends a bare word: a blank, `,`, `]` or `}`.
  private static func isDelimiter(_ byte: UInt8) -> Bool {
    isBlank(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]")
      || byte == UInt8(ascii: "}")
  }

  /// The offset just past the string that opens at `start` (its `"`), or nil if it never ends.
  private static func stringEnd(_ raw: UnsafeRawBufferPointer, from start: Int) -> Int? {
    var at = start + 1
    while at < raw.count {
      switch raw[at] {
      case UInt8(ascii: "\\"): at += 2
      case UInt8(ascii: "\""): return at + 1
      default: at += 1
      }
    }
    return nil
  }

  /// The offset just past the value that starts at `start`: a string, an object or array with
  /// everything nested in it, or a bare word (number, `true`, ...) up to the next delimiter.
  private static func valueEnd(_ raw: UnsafeRawBufferPointer, from start: Int) -> Int? {
    guard start < raw.count else { return nil }
    switch raw[start] {
    case UInt8(ascii: "\""):
      return stringEnd(raw, from: start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      var at = start
      while at < raw.count {
        switch raw[at] {
        case UInt8(ascii: "\""):
          guard let end = stringEnd(raw, from: at) else { return nil }
          at = end
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return at + 1 }
        default: break
        }
        at += 1
      }
      return nil
    default:
      var at = start
      while at < raw.count, !isDelimiter(raw[at]) { at += 1 }
      return at
    }
  }
}
