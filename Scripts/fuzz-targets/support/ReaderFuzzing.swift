// Shared by the reader targets (health-csv, health-auto-export, waterminder, csv,
// apple-health-xml): drains a reader over the fuzzer's bytes and checks what must hold for
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
    _ data: UnsafePointer<UInt8>, _ size: Int,
    open: (any ByteSource) throws(ImportError) -> any RecordReader
  ) {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = drain(bytes, chunkLimit: .max, open: open)
    let chunk = 1 + Int(bytes.last ?? 0) % 64
    let pieces = drain(bytes, chunkLimit: chunk, open: open)
    precondition(
      whole == pieces,
      "reading in \(chunk)-byte pieces changed the outcome:\n\(whole)\nvs\n\(pieces)")
  }

  static func drain(
    _ bytes: [UInt8], chunkLimit: Int,
    open: (any ByteSource) throws(ImportError) -> any RecordReader
  ) -> Outcome {
    let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    var outcome = Outcome()
    do throws(ImportError) {
      let reader = try open(MemoryByteSource(bytes, path: "fuzz", chunkLimit: chunkLimit))
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
