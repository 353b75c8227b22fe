import Foundation
import LiquidusModel

/// Reads Samsung Health's water and caffeine files, `com.samsung.health.water_intake.<timestamp>.csv`
/// and `com.samsung.health.caffeine_intake.<timestamp>.csv`, from the folder or zip that
/// Samsung Health's "Download personal data" writes. Both have one layout, so one reader.
///
/// The layout: line 1 names the data type (`com.samsung.health.water_intake,<version>,<n>`),
/// line 2 is the header, whose names may carry the data type as a prefix
/// (`com.samsung.health.water_intake.amount`), and data rows end with a trailing comma.
/// `amount` is millilitres of water or milligrams of caffeine (the units Samsung Health's data
/// store normalises both to); `start_time` is UTC, `yyyy-MM-dd HH:mm:ss.SSS` (older exports:
/// epoch milliseconds); `time_offset` (`UTC+0530`) only says where the phone was, so it does
/// not change the instant. `pkg_name` is the app that wrote the record, kept as the source.
final class SamsungHealthReader: CSVRecordReader {
  let format = ImportFormat.samsungHealth
  let scanner: CSVScanner
  /// Line 1 of the water file.
  static let dataType = "com.samsung.health.water_intake"
  /// Line 1 of the caffeine file.
  static let caffeineDataType = "com.samsung.health.caffeine_intake"
  /// The data types this reader knows, as line 1 names them.
  static let dataTypes = [dataType, caffeineDataType]
  /// Whether this file holds caffeine (mg) rather than water (mL).
  private let isCaffeine: Bool
  private let startColumn: Int
  private let amountColumn: Int
  private let sourceColumn: Int?
  private let utc = LocalTimeConverter(timeZone: TimeZone(identifier: "UTC")!)
  private let numbers: ImportedNumber
  private let sources = StringInterner()

  init(source: ByteSource, options: ImportOptions) throws(ImportError) {
    scanner = CSVScanner(source: source)
    // Line 1: the data type line.
    guard try scanner.nextRow() else { throw .emptyFile(path: scanner.window.path) }
    let type = (scanner.fieldOrEmpty(0)?.trimmed ?? .empty).string
    // Line 1 says which file this is; a file forced with --format and an unknown first line
    // is read as water, as before caffeine was known.
    isCaffeine = type == Self.caffeineDataType
    let raw = try CSVHeader(scanner: scanner)
    let prefix = (isCaffeine ? Self.caffeineDataType : Self.dataType) + "."
    let header = CSVHeader(
      names: raw.names.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 },
      path: raw.path)
    let columns = try header.require(["start_time"], ["amount"], for: .samsungHealth)
    startColumn = columns[0]
    amountColumn = columns[1]
    sourceColumn = header.index("pkg_name")
    numbers = ImportedNumber(decimalSeparator: ".")
  }

  func next() throws(ImportError) -> ReaderEvent? {
    guard try scanner.nextRow() else { return nil }
    let line = scanner.rowLine
    let start = scanner.fieldOrEmpty(startColumn)?.trimmed ?? .empty
    guard let instant = instant(start) else {
      return .rejected(
        line: line,
        reason: "start_time \(start.quotedForMessage) is not a time; expected UTC"
          + " yyyy-MM-dd HH:mm:ss.SSS such as 2026-11-20 07:15:00.000, or epoch milliseconds")
    }
    let amountText = scanner.fieldOrEmpty(amountColumn)?.trimmed ?? .empty
    let amount: Double
    do { amount = try numbers.amount(amountText, field: "amount") } catch {
      return .rejected(line: line, reason: error.reason)
    }
    let source = scanner.fieldOrEmpty(sourceColumn)?.trimmed
    return .record(
      ImportedRecord(
        content: isCaffeine
          ? .caffeine(milligrams: amount) : .drink(typeName: "Water", milliliters: amount),
        instant: instant,
        sourceName: source.flatMap { $0.isEmpty ? nil : sources.string(for: $0) { $0.string } },
        note: nil, line: line))
  }

  /// UTC text, or epoch milliseconds as older exports write them.
  private func instant(_ text: ByteSpan) -> Date? {
    if !text.isEmpty, text.allSatisfyDigits, let ms = Int64(text.string) {
      return Date(timeIntervalSince1970: Double(ms) / 1000)
    }
    return TimestampParser.parse(text)?.instant(using: utc)
  }
}

extension ByteSpan {
  /// Every byte an ASCII digit.
  fileprivate var allSatisfyDigits: Bool {
    (0..<count).allSatisfy { self[$0] &- 0x30 < 10 }
  }
}
