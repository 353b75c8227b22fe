import Foundation

/// A bounded hand-off of chunks from a producing thread to a consuming one: inflated bytes
/// from the zip thread to the reader (``ZipEntryByteSource``), batches of events from the
/// reader to the database writer (``PrefetchingReader``).
///
/// ZIPFoundation pushes an entry's bytes into a closure; readers pull. Running the push on
/// its own thread and blocking it when `capacity` chunks wait turns one into the other, keeps
/// memory at `capacity` chunks, and lets both sides use a core each.
final class ChunkQueue<Chunk>: @unchecked Sendable {
  /// Thrown into the producer when the consumer went away, to end the production.
  typealias Cancelled = ChunkQueueCancelled

  // All state below is guarded by `condition`: that is what makes the @unchecked sound.
  private let condition = NSCondition()
  private var chunks: [Chunk?] = []
  private var head = 0
  private var finished = false
  private var failure: ImportError?
  private var cancelled = false
  private let capacity: Int

  init(capacity: Int) { self.capacity = capacity }

  /// Called by the producer; blocks while the queue is full.
  func put(_ chunk: Chunk) throws(Cancelled) {
    condition.lock()
    defer { condition.unlock() }
    while chunks.count - head >= capacity && !cancelled { condition.wait() }
    if cancelled { throw Cancelled() }
    if head >= 64 {  // drop taken slots now and then so the array stays small
      chunks.removeFirst(head)
      head = 0
    }
    chunks.append(chunk)
    condition.broadcast()
  }

  /// Called by the producer once: nil for a clean end of data, else the failure.
  func finish(_ error: ImportError?) {
    condition.lock()
    finished = true
    failure = error
    condition.broadcast()
    condition.unlock()
  }

  /// Called by the consumer; blocks until a chunk or the end arrives. Nil at a clean end.
  func take() throws(ImportError) -> Chunk? {
    condition.lock()
    defer { condition.unlock() }
    while head == chunks.count && !finished { condition.wait() }
    if head < chunks.count {
      let chunk = chunks[head]
      chunks[head] = nil  // release the chunk now, not at compaction
      head += 1
      condition.broadcast()
      return chunk
    }
    if let failure { throw failure }
    return nil
  }

  /// Called by the consumer when it stops early, so that a blocked producer exits.
  func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }
}

/// Thrown into a ``ChunkQueue``'s producer when the consumer went away.
struct ChunkQueueCancelled: Error {}
