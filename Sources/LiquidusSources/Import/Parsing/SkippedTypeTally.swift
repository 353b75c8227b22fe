import Foundation

/// Counts skipped records by the bytes that name their type, making each type's `String` once.
///
/// Most records of a real export are heart rate, steps and energy, which an import only counts.
/// A `.skipped` event per record cost a String retained on the reading thread and released on
/// the writing one, and a String comparison per record; this costs one `memcmp` against the
/// last type seen (exports group records by type).
final class SkippedTypeTally {
  /// Types kept by their bytes; past this many (a hostile file of made-up types) a dictionary
  /// of their Strings takes the rest, so that counting never becomes a long search.
  private static let limit = 32

  // Unchecked exclusivity: one reader on one thread uses a tally, and none of its methods
  // re-enter; the runtime's access checks cost more than the counting (see ByteWindow).
  @exclusivity(unchecked) private var entries: [(bytes: [UInt8], name: String, count: Int)] = []
  @exclusivity(unchecked) private var last = -1
  private var overflow: [String: Int] = [:]

  /// Counts one record of the type named by `span`; `name` makes its String the first time.
  func count(_ span: ByteSpan, name: (ByteSpan) -> String) {
    if last >= 0, matches(entries[last].bytes, span) {
      entries[last].count += 1
      return
    }
    for index in entries.indices where matches(entries[index].bytes, span) {
      last = index
      entries[index].count += 1
      return
    }
    guard entries.count < Self.limit else {
      overflow[name(span), default: 0] += 1
      return
    }
    entries.append(
      (Array(UnsafeBufferPointer(start: span.start, count: span.count)), name(span), 1))
    last = entries.count - 1
  }

  /// The counts since the last call, by type name; starts counting from zero again.
  func take() -> [String: Int] {
    var counts = overflow
    overflow.removeAll()
    for index in entries.indices where entries[index].count > 0 {
      counts[entries[index].name, default: 0] += entries[index].count
      entries[index].count = 0
    }
    return counts
  }

  private func matches(_ bytes: [UInt8], _ span: ByteSpan) -> Bool {
    guard bytes.count == span.count else { return false }
    return bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return true }
      return memcmp(base, span.start, span.count) == 0
    }
  }
}
