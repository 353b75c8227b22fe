import Foundation
import LiquidusModel

/// Reads Samsung Health's water file, `com.samsung.health.water_intake.<timestamp>.csv`, from
/// the folder or zip that Samsung Health's "Download personal data" writes.
///
/// The layout: line 1 names the data type (`com.samsung.health.water_intake,<version>,<n>`),
/// line 2 is the header, whose names may carry the `com.samsung.health.water_intake.` prefix,
/// and data rows end with a trailing comma. `amount` is millilitres; `start_time` is UTC,
/// `yyyy-MM-dd HH:mm:ss.SSS` (older exports: epoch milliseconds); `time_offset` (`UTC+0530`)
/// only says where the phone was, so it does not change the instant. `pkg_name` is the app
/// that wrote the record, kept as the entry's source.
final class SamsungHealthReader: CSVRecordReader {
  let format = ImportFormat.samsungHealth
  let scanner: CSVScanner
  static let dataType = "com.samsung.health.water_intake"
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
    let raw = try CSVHeader(scanner: scanner)
    let prefix = Self.dataType + "."
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
    switch numbers.read(amountText) {
    case .success(let value): amount = value
    case .failure(let problem):
      return .rejected(
        line: line,
        reason: ImportedNumber.reason(field: "amount", span: amountText, problem: problem))
    }
    let source = scanner.fieldOrEmpty(sourceColumn)?.trimmed
    return .record(
      ImportedRecord(
        content: .drink(typeName: "Water", milliliters: amount), instant: instant,
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
