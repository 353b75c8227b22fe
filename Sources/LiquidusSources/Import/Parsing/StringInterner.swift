/// Reuses the `String` made for recently seen byte runs (record types, source names).
///
/// Exports group records by type and source, so the last hit almost always matches and most
/// skipped records cost one byte comparison instead of a String allocation.
final class StringInterner {
  private var entries: [(bytes: [UInt8], string: String)] = []
  private var lastHit = 0
  private let limit: Int

  init(limit: Int = 32) { self.limit = limit }

  /// The String for `span`; `make` builds it on a miss (e.g. decoding entities).
  func string<E: Error>(
    for span: ByteSpan, make: (ByteSpan) throws(E) -> String
  ) throws(E) -> String {
    if lastHit < entries.count, matches(entries[lastHit].bytes, span) {
      return entries[lastHit].string
    }
    for index in entries.indices where matches(entries[index].bytes, span) {
      lastHit = index
      return entries[index].string
    }
    let string = try make(span)
    let entry = (Array(UnsafeBufferPointer(start: span.start, count: span.count)), string)
    if entries.count < limit {
      entries.append(entry)
      lastHit = entries.count - 1
    } else {
      lastHit = (lastHit + 1) % limit
      entries[lastHit] = entry
    }
    return string
  }

  private func matches(_ bytes: [UInt8], _ span: ByteSpan) -> Bool {
    guard bytes.count == span.count else { return false }
    return bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return true }
      return ByteSpan(base, buffer.count).equals(span)
    }
  }
}
