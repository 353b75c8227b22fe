// Shared by the reader targets: drains a reader over the fuzzer's bytes and checks what must hold for
// any input. A crash, a hang (libFuzzer's -timeout) or a failed precondition is a finding;
// a thrown error is always an ImportError, which the typed `throws(ImportError)` guarantees.
import Foundation

enum ReaderFuzzing {
  /// Offset-less dates are read in a zone with DST, so the gap and overlap paths run too.
  static let options = ImportOptions(
    defaultTimeZone: TimeZone(identifier: "America/Los_Angeles")!)

  struct Outcome: Equatable {
    var events: [ReaderEvent] = []
    var error: ImportError?
  }

  /// Reads `bytes` to the end with `open`, once in one piece and once in short reads whose
  /// length the input picks, and requires both to give the same events and the same error:
  /// where a refill happens (a zip entry's chunks, a pipe) must never change what is read.
  static func check(
    _ input: UnsafeBufferPointer<UInt8>,
    open: (any ByteSource) throws(ImportError) -> any RecordReader
  ) {
    let bytes = Array(input)
    let whole = drain(bytes) { () throws(ImportError) in
      try open(MemoryByteSource(bytes, path: "fuzz", chunkLimit: .max))
    }
    let chunk = 1 + Int(bytes.last ?? 0) % 64
    let pieces = drain(bytes) { () throws(ImportError) in
      try open(MemoryByteSource(bytes, path: "fuzz", chunkLimit: chunk))
    }
    precondition(
      whole == pieces,
      "reading in \(chunk)-byte pieces changed the outcome:\n\(whole)\nvs\n\(pieces)")
  }

  /// Reads `input` as a file, for the readers that open a path (Garmin, Google Fit): written
  /// to one scratch file per process, read once, checked as ``check(_:open:)`` checks.
  static func checkFile(
    _ input: UnsafeBufferPointer<UInt8>, open: (URL) throws(ImportError) -> any RecordReader
  ) {
    // An empty file is left to the unit tests: Foundation's Data(contentsOf:) leaks a 4096-byte
    // buffer reading one (swift-foundation's readBytesFromFile, Swift 6.3.1), and
    // LeakSanitizer would end every run at the first empty input.
    guard !input.isEmpty else { return }
    let bytes = Array(input)
    let written = FileManager.default.createFile(
      atPath: scratchFile.path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
    precondition(written, "cannot write \(scratchFile.path)")
    _ = drain(bytes, linesAreEvents: true) { () throws(ImportError) in try open(scratchFile) }
  }

  static let scratchFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("liquidus-fuzz-\(getpid()).json")

  /// Reads to the end what `open` opens over `bytes`, checking each event.
  static func drain(
    _ bytes: [UInt8], linesAreEvents: Bool = false,
    open: () throws(ImportError) -> any RecordReader
  ) -> Outcome {
    // A text reader's "line" is a line of the input; a JSON reader's is the event's number,
    // and each event takes at least one byte.
    let lines = linesAreEvents ? max(bytes.count, 1) : bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    var outcome = Outcome()
    do throws(ImportError) {
      let reader = try open()
      while let event = try reader.next() {
        outcome.events.append(event)
        // Every event stands for at least one byte of input; more means a loop.
        precondition(outcome.events.count <= bytes.count, "more events than input bytes")
        switch event {
        case .record(let record):
          precondition((1...lines).contains(record.line), "record line \(record.line)")
          precondition(!record.instant.timeIntervalSince1970.isNaN)
          switch record.content {
          case .drink(_, let milliliters): precondition(milliliters >= 0, "\(milliliters) mL")
          case .caffeine(let milligrams): precondition(milligrams >= 0, "\(milligrams) mg")
          // A reader skips a workout out of range, so every one it gives can be stored.
          case .workout(let activity, let minutes):
            precondition(Workout.isPlausible(minutes: minutes), "\(minutes) min")
            precondition(activity == Workout.activity(named: activity), "activity \(activity)")
          }
        case .rejected(let line, let reason):
          precondition((1...lines).contains(line), "rejected line \(line)")
          precondition(!reason.isEmpty)
        case .skipped:
          break
        case .food(let drink, let caffeine):
          precondition((1...lines).contains(drink.line) && (1...lines).contains(caffeine.line))
        }
      }
    } catch {
      precondition(!error.description.isEmpty)
      outcome.error = error
    }
    return outcome
  }
}
