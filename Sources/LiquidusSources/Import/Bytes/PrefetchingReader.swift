import Foundation
import LiquidusModel

/// Runs a reader on a thread of its own, a few thousand events ahead of the caller.
///
/// An import's time splits about evenly between reading the file (scanning, parsing numbers
/// and dates) and SQLite (inserting, checking the unique import keys). One thread doing both
/// leaves the second core idle; with this, the file is read on one core while the database
/// work of the previous batch runs on the other. Events come in batches through a bounded
/// ``ChunkQueue``, so memory stays at a few batches and the hand-off costs one lock per
/// batch, not per event. The caller sees the same events in the same order, and an error of
/// the reader after the events that came before it.
final class PrefetchingReader: RecordReader {
  let format: ImportFormat
  let totalBytes: Int64?
  /// Bytes the reader had consumed when it finished the batch being handed out.
  private(set) var bytesRead: Int64 = 0

  /// 32 batches (about 15 MB): enough for the reader to keep going while the writer waits
  /// for a checkpoint's fsync; 4 left the XML import 6 % slower.
  private let queue = ChunkQueue<Batch>(capacity: 32)
  private let finished = DispatchSemaphore(value: 0)
  private var batch: [ReaderEvent] = []
  private var batchKeys = ImportKeyBatch()
  private var batchKeyIndexes: [Int32] = []
  private var index = 0

  /// The import key and id of the record ``next()`` returned last, built on the reading
  /// thread (see ``ImportKeyBatch``); nil for any other event and for a workout.
  private(set) var key: ImportKeyBatch.Key?

  /// Events per hand-off: large enough that the lock is rare, small enough that the writer
  /// starts at once and memory stays small.
  static let batchSize = 4_096

  /// Records of other kinds skipped so far, per record type, counted on the reading thread
  /// (see ``next()``); complete once ``next()`` has returned nil or thrown.
  private(set) var skippedCounts: [String: Int] = [:]

  private struct Batch {
    var events: [ReaderEvent]
    /// The keys of the records among `events`, and for each event its entry there (-1: none).
    var keys: ImportKeyBatch
    var keyIndexes: [Int32]
    var bytesRead: Int64
    /// Skipped records counted since the previous batch.
    var skipped: [String: Int] = [:]
  }

  /// Starts reading `reader` on a new thread; from now on only this object may touch it.
  init(_ reader: any RecordReader) {
    format = reader.format
    totalBytes = reader.totalBytes
    let producer = Producer(reader: reader, queue: queue, finished: finished)
    let thread = Thread { producer.run() }
    thread.name = "liquidus-reader"
    thread.start()
  }

  /// Stops the reading thread and waits for it, so that the file is no longer read once the
  /// import has returned.
  deinit {
    queue.cancel()
    finished.wait()
  }

  /// The next event; never `.skipped`, which the reading thread counts into
  /// ``skippedCounts`` instead of handing over. In a real export most records are heart rate,
  /// steps and energy: one event each, its type's string retained on one thread and released
  /// on the other, cost the writing thread a tenth of its time.
  func next() throws(ImportError) -> ReaderEvent? {
    while index == batch.count {
      // The last batch before a failure may be empty; the failure comes with the next take.
      guard var next = try queue.take() else { return nil }
      bytesRead = next.bytesRead
      skippedCounts.merge(next.skipped, uniquingKeysWith: +)
      // Swapped in, so that `batch` holds the only reference and moving events out of it
      // below never copies the array.
      batch.removeAll()
      swap(&batch, &next.events)
      batchKeys = next.keys
      batchKeyIndexes = next.keyIndexes
      index = 0
    }
    defer { index += 1 }
    let keyIndex = Int(batchKeyIndexes[index])
    key = keyIndex < 0 ? nil : batchKeys[keyIndex]
    // Moved out, not copied: a copy would retain the event's strings here and release them
    // again when the batch goes, twice per event of a million-record file.
    var event = ReaderEvent.skipped(recordType: "")
    swap(&event, &batch[index])
    return event
  }

  /// The reading thread's side: owns the reader until it ends, fails or is cancelled.
  private final class Producer: @unchecked Sendable {
    // Touched only by the reading thread once it starts: that is what makes @unchecked sound.
    private let reader: any RecordReader
    /// The reader, when it counts its skipped records itself.
    private let counting: SkippedRecordCounting?
    private let queue: ChunkQueue<Batch>
    private let finished: DispatchSemaphore

    init(reader: any RecordReader, queue: ChunkQueue<Batch>, finished: DispatchSemaphore) {
      self.reader = reader
      counting = reader as? SkippedRecordCounting
      counting?.countsSkippedRecords = true
      self.queue = queue
      self.finished = finished
    }

    // Unchecked exclusivity on what the reading thread touches per event: only it does, and
    // nothing here re-enters, so the runtime's access checks would be pure overhead.
    @exclusivity(unchecked) private var events: [ReaderEvent] = []
    @exclusivity(unchecked) private var keyMaker = ImportKeyMaker()
    @exclusivity(unchecked) private var keys = ImportKeyBatch()
    @exclusivity(unchecked) private var keyIndexes: [Int32] = []
    private var skipped: [String: Int] = [:]
    /// The run of skipped records of one type being counted (exports group records by type,
    /// so this is one string comparison per skipped record).
    private var currentRun: (type: String, count: Int)?
    /// Events read since the last hand-off, skipped ones included: a long stretch of skipped
    /// records still hands off now and then, so that progress moves.
    private var sinceHandOff = 0

    func run() {
      defer { finished.signal() }
      events.reserveCapacity(PrefetchingReader.batchSize)
      do {
        while let event = try reader.next() {
          sinceHandOff += 1
          if case .skipped(let type) = event {
            // A counting reader's "" is a record it counted itself; a named one (a workout out
            // of range) is counted here, as from any other reader.
            if counting == nil || !type.isEmpty { count(type) }
          } else {
            if case .record(let record) = event {
              keyIndexes.append(keyMaker.append(record, to: &keys).map(Int32.init) ?? -1)
            } else {
              keyIndexes.append(-1)
            }
            events.append(event)
          }
          if events.count == PrefetchingReader.batchSize
            || sinceHandOff >= 16 * PrefetchingReader.batchSize
          {
            try handOff()
          }
        }
        try handOff()
        queue.finish(nil)
      } catch let error as ImportError {
        try? handOff()
        queue.finish(error)
      } catch {
        // Cancelled: the consumer went away and no longer reads the queue.
        queue.finish(nil)
      }
    }

    private func count(_ type: String) {
      if currentRun?.type == type {
        currentRun!.count += 1
        return
      }
      endRun()
      currentRun = (type, 1)
    }

    private func endRun() {
      if let currentRun { skipped[currentRun.type, default: 0] += currentRun.count }
      currentRun = nil
    }

    private func handOff() throws {
      endRun()
      if let counting { skipped.merge(counting.takeSkippedCounts(), uniquingKeysWith: +) }
      try queue.put(
        Batch(
          events: events, keys: keys, keyIndexes: keyIndexes, bytesRead: reader.bytesRead,
          skipped: skipped))
      events.removeAll(keepingCapacity: true)
      keys.removeAll()
      keyIndexes.removeAll(keepingCapacity: true)
      skipped.removeAll(keepingCapacity: true)
      sinceHandOff = 0
    }
  }
}
