#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A refillable window of raw bytes over a ``ByteSource``, with lazy line counting.
///
/// Scanners work on `base[start..<end]` directly. When a token runs past `end`, they call
/// ``refill()`` (which keeps the unconsumed bytes and appends more) and scan the token again;
/// tokens are small, so re-scanning costs less than keeping partial state.
final class ByteWindow {
  /// Bytes read per refill: large enough to amortise the system call, small enough for cache.
  static let chunkSize = 1 << 20
  /// The largest single token (tag, comment, DTD, CSV row) a reader will hold.
  static let maxTokenSize = 64 << 20

  let source: ByteSource
  // `@exclusivity(unchecked)` on the state that scanners read for every token: the window is
  // used by one reader on one thread and none of its methods re-enter, so the runtime access
  // checks (a thread-local lookup each) are pure overhead in the hottest loop.
  @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var capacity: Int
  /// The first unconsumed byte.
  @exclusivity(unchecked) var start = 0
  /// One past the last valid byte.
  @exclusivity(unchecked) private(set) var end = 0
  @exclusivity(unchecked) private(set) var atEOF = false
  private var sawFirstBytes = false
  /// Newlines before `countedUpTo` have been counted into `lineAtCounted`.
  @exclusivity(unchecked) private var countedUpTo = 0
  @exclusivity(unchecked) private var lineAtCounted = 1

  init(source: ByteSource) {
    self.source = source
    capacity = Self.chunkSize
    base = .allocate(capacity: capacity)
  }

  deinit { base.deallocate() }

  var path: String { source.path }

  /// The 1-based line of the byte at `offset`. Offsets must not go backwards between calls
  /// (readers only ask about the token they are at), which keeps counting linear overall.
  func line(at offset: Int) -> Int {
    var p = countedUpTo
    var line = lineAtCounted
    while p < offset, let hit = memchr(base + p, 0x0A, offset - p) {
      line += 1
      p = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
    }
    countedUpTo = offset
    lineAtCounted = line
    return line
  }

  /// Keeps `start..<end`, reads more bytes after them; false at the end of the data.
  @discardableResult
  func refill() throws(ImportError) -> Bool {
    if atEOF { return false }
    _ = line(at: start)
    if start > 0 {
      // The reader has consumed bytes, so the stream's first bytes (the only place where a
      // byte-order mark means one) are gone: `base[0]` is now somewhere in the middle.
      sawFirstBytes = true
      let kept = end - start
      if kept > 0 { memmove(base, base + start, kept) }
      countedUpTo -= start
      end = kept
      start = 0
    }
    if capacity - end < Self.chunkSize / 2 { try grow() }
    let n = try source.read(into: base + end, count: capacity - end)
    if n == 0 {
      atEOF = true
      return false
    }
    end += n
    if !sawFirstBytes { skipByteOrderMark() }
    return true
  }

  private func grow() throws(ImportError) {
    let needed = end + Self.chunkSize
    guard needed <= Self.maxTokenSize + Self.chunkSize else {
      throw .tokenTooLarge(path: path, line: line(at: start), limit: Self.maxTokenSize)
    }
    let newCapacity = max(capacity * 2, needed)
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    bigger.update(from: base, count: end)
    base.deallocate()
    base = bigger
    capacity = newCapacity
  }

  /// A UTF-8 byte-order mark is noise to every format; drop it once, at the very start.
  /// A source may hand out fewer than three bytes per read (a zip entry's chunks), so the
  /// check waits until three are there, unless the reader consumed some first (see refill).
  private func skipByteOrderMark() {
    guard end >= 3 else { return }
    sawFirstBytes = true
    if end >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
      start = 3
      countedUpTo = 3
    }
  }
}
