import Foundation
import LiquidusTestSupport
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

/// Random and mutated bytes through every import reader: each reads to the end or throws an
/// ``ImportError`` (the typed `throws` rules out anything else), never crashes or hangs, and
/// reads the same in one piece and in short reads. The seconds-long cousin of `Scripts/fuzz`;
/// seeds are fixed, so a failure names the seed that reproduces it.
@Suite struct ReaderFuzzTests {
  /// One reader and the fixtures its mutations start from.
  enum Dialect: String, CaseIterable, Sendable {
    case healthCSV, healthAutoExport, waterMinder, plainCSV, appleHealthXML

    var fixtures: [String] {
      switch self {
      case .healthCSV: ["health_records.csv", "health_records_device_first.csv"]
      case .healthAutoExport: ["health_auto_export.csv"]
      case .waterMinder: ["waterminder.csv"]
      case .plainCSV: ["drinks.csv", "mapped.csv"]
      case .appleHealthXML: ["export.xml"]
      }
    }

    func open(_ source: any ByteSource) throws(ImportError) -> any RecordReader {
      let options = ImportOptions.losAngeles
      switch self {
      case .healthCSV: return try HealthCSVReader(source: source)
      case .healthAutoExport: return try HealthAutoExportReader(source: source, options: options)
      case .waterMinder: return try WaterMinderReader(source: source, options: options)
      case .plainCSV: return try PlainCSVReader(source: source, options: options)
      case .appleHealthXML: return AppleHealthXMLReader(source: source)
      }
    }
  }

  /// What one read gave: every event, then the error that stopped it, if any.
  struct Outcome: Equatable {
    var events: [ReaderEvent] = []
    var error: ImportError?
  }

  /// Bytes that steer the CSV and XML scanners: quotes, separators, line ends, markup,
  /// entities, a byte-order mark, controls and bytes that are not UTF-8.
  static let interesting =
    Array(#"",;\r\n<>/!?-[]=&#x'0123456789.e+ "#.utf8)
    + [0x00, 0x0B, 0xEF, 0xBB, 0xBF, 0xFF, 0xC3]

  /// A fixture with a few bytes flipped, inserted or deleted, a run duplicated or dropped,
  /// or the end cut off; one input in eight is random bytes instead.
  static func mutate(_ original: [UInt8], _ random: inout SplitMix) -> [UInt8] {
    if random.next() % 8 == 0 {
      return (0..<Int(random.next() % 200)).map { _ in
        random.next() % 2 == 0
          ? interesting[Int(random.next() % UInt64(interesting.count))]
          : UInt8(truncatingIfNeeded: random.next())
      }
    }
    var bytes = original
    for _ in 0...(random.next() % 4) {
      let at = Int(random.next() % UInt64(bytes.count + 1))
      let length = min(Int(random.next() % 40), bytes.count - at)
      switch random.next() % 6 {
      case 0 where at < bytes.count:
        bytes[at] ^= UInt8(1) << (random.next() % 8)
      case 1:
        bytes.insert(interesting[Int(random.next() % UInt64(interesting.count))], at: at)
      case 2:
        bytes.removeSubrange(at..<at + length)
      case 3:
        bytes.insert(contentsOf: bytes[at..<at + length], at: at)
      case 4:
        bytes.removeSubrange(at...)
      default:
        if at < bytes.count { bytes[at] = UInt8(truncatingIfNeeded: random.next()) }
      }
    }
    return bytes
  }

  /// Reads `bytes` to the end, checking what holds for every event of any input.
  static func drain(
    _ bytes: [UInt8], chunkLimit: Int,
    open: (any ByteSource) throws(ImportError) -> any RecordReader
  ) -> Outcome {
    let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    var outcome = Outcome()
    do throws(ImportError) {
      let reader = try open(MemoryByteSource(bytes, chunkLimit: chunkLimit))
      while let event = try reader.next() {
        outcome.events.append(event)
        // Every event stands for at least one byte of input; more means a loop.
        if outcome.events.count > bytes.count {
          Issue.record("more events than input bytes")
          return outcome
        }
        switch event {
        case .record(let record):
          #expect((1...lines).contains(record.line))
          if case .drink(_, let milliliters) = record.content { #expect(milliliters >= 0) }
        case .rejected(let line, let reason):
          #expect((1...lines).contains(line))
          #expect(!reason.isEmpty)
        case .skipped:
          break
        case .food(let drink, let caffeine):
          #expect((1...lines).contains(drink.line) && (1...lines).contains(caffeine.line))
        }
      }
    } catch {
      #expect(!error.description.isEmpty)
      outcome.error = error
    }
    return outcome
  }

  /// The first thing that differs, rather than two whole outcomes (they can be long).
  static func difference(_ a: Outcome, _ b: Outcome) -> String {
    for (x, y) in zip(a.events, b.events) where x != y { return "\(x) vs \(y)" }
    if a.events.count != b.events.count { return "\(a.events.count) vs \(b.events.count) events" }
    return
      "\(a.error.map(\.description) ?? "no error") vs \(b.error.map(\.description) ?? "no error")"
  }

  @Test(arguments: Dialect.allCases)
  func mutatedFilesParseOrFailWithImportErrorTheSameInAnyChunking(dialect: Dialect) throws {
    let fixtures = try dialect.fixtures.map { name in
      Array(try Data(contentsOf: try ImportFixture.url(name)))
    }
    // The XML fixture is 8 KB against a few hundred bytes for the CSVs: fewer runs, same time.
    let count = dialect == .appleHealthXML ? 300 : 1500
    var records = 0
    var failures = 0
    for seed in 0..<UInt64(count) {
      var random = SplitMix(seed: seed &* 0x5851_F42D_4C95_7F2D ^ UInt64(dialect.rawValue.count))
      let bytes = Self.mutate(fixtures[Int(random.next() % UInt64(fixtures.count))], &random)
      let whole = Self.drain(bytes, chunkLimit: .max, open: dialect.open)
      let chunk = 1 + Int(random.next() % 64)
      let pieces = Self.drain(bytes, chunkLimit: chunk, open: dialect.open)
      #expect(
        whole == pieces, "seed \(seed), \(chunk)-byte reads: \(Self.difference(whole, pieces))")
      records += whole.events.count(where: { if case .record = $0 { true } else { false } })
      if whole.error != nil { failures += 1 }
    }
    // Mutations must neither always break the file nor never: both paths were exercised.
    #expect(records > count / 4, "too few inputs still parsed: the mutations are too harsh")
    #expect(failures > 0, "no input failed: the mutations never reach the header")
  }
}
