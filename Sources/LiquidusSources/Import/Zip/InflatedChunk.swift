import Foundation

/// A buffer of inflated bytes, filled on the zip's inflating thread and read on the reading
/// thread, then handed back to be filled again (``InflatedChunkPool``).
///
/// ZIPFoundation allocated a new zero-filled `Data` for each megabyte it inflated: 8 % of the
/// inflating thread's instructions went to allocating, zeroing and freeing them. Ownership
/// passes through a ``ChunkQueue`` (whose lock orders the writes before the reads) and back
/// through the pool, so only one thread touches a chunk at a time: hence `@unchecked`.
final class InflatedChunk: @unchecked Sendable {
  let bytes: UnsafeMutableRawPointer
  let capacity: Int
  /// How many bytes from the start of `bytes` hold data.
  var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    bytes = .allocate(byteCount: capacity, alignment: 16)
  }

  deinit { bytes.deallocate() }
}

/// The chunks the reading thread has finished with, for the inflating thread to reuse.
///
/// Never more chunks exist than the queue holds, plus the one being filled and the one being
/// read, so nothing bounds the pool itself.
final class InflatedChunkPool: @unchecked Sendable {
  let chunkSize: Int
  // Guarded by `lock`: that is what makes the @unchecked sound.
  private let lock = NSLock()
  private var spare: [InflatedChunk] = []

  init(chunkSize: Int) { self.chunkSize = chunkSize }

  /// A spare chunk, or a new one when none is spare yet.
  func take() -> InflatedChunk {
    let chunk = lock.withLock { spare.popLast() }
    return chunk ?? InflatedChunk(capacity: chunkSize)
  }

  func give(_ chunk: InflatedChunk) {
    chunk.count = 0
    lock.withLock { spare.append(chunk) }
  }
}
