/// Bytes already in memory as a ``ByteSource``, handed out at most `chunkLimit` at a time.
///
/// For fuzzing and tests: readers run without a temporary file, and a small `chunkLimit`
/// makes every token cross refill boundaries, the way an inflating zip entry delivers short
/// reads. A reader must produce the same events whatever the limit.
final class MemoryByteSource: ByteSource {
  let path: String
  private(set) var bytesRead: Int64 = 0
  var totalBytes: Int64? { Int64(bytes.count) }
  private let bytes: [UInt8]
  private let chunkLimit: Int

  /// - Parameters:
  ///   - bytes: The whole content.
  ///   - path: The name error messages show.
  ///   - chunkLimit: The most bytes one ``read(into:count:)`` returns (at least 1).
  init(_ bytes: [UInt8], path: String = "memory", chunkLimit: Int = .max) {
    self.bytes = bytes
    self.path = path
    self.chunkLimit = max(1, chunkLimit)
  }

  func read(into destination: UnsafeMutableRawPointer, count: Int) throws(ImportError) -> Int {
    let offset = Int(bytesRead)
    let n = min(count, chunkLimit, bytes.count - offset)
    guard n > 0 else { return 0 }
    bytes.withUnsafeBytes { buffer in
      if let base = buffer.baseAddress { destination.copyMemory(from: base + offset, byteCount: n) }
    }
    bytesRead += Int64(n)
    return n
  }
}
