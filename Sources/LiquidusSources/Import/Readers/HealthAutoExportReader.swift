import Foundation
import LiquidusModel

/// Reads Health Auto Export's wide CSV: a `Date` (or `Date/Time`) column, then one column
/// per metric named `Name (unit)`.
///
/// Each non-empty cell is one event: `Dietary Water` cells become Water drinks, `Dietary
/// Caffeine` cells caffeine, any other metric one `.skipped` per cell. Dates carry no offset
/// (``ImportOptions/defaultTimeZone`` applies) unless a trailing ` +0100` is present.
final class HealthAutoExportReader: CSVRecordReader {
  private enum Metric {
    case water(factor: Double?)
    case caffeine(factor: Double?)
    case other(String)
  }

  let format = ImportFormat.healthAutoExport
  let scanner: CSVScanner
  private let converter: LocalTimeConverter
  private let numbers: ImportedNumber
  private let dateColumn: Int
  private let metrics: [(column: Int, title: String, metric: Metric)]
  private var pending: [ReaderEvent] = []
  private var pendingIndex = 0

  init(source: ByteSource, options: ImportOptions) throws(ImportError) {
    scanner = CSVScanner(source: source)
    let header = try CSVHeader(scanner: scanner)
    let date = try header.require(["Date", "Date/Time"], for: .healthAutoExport)[0]
    dateColumn = date
    metrics = header.names.enumerated().compactMap { column, title in
      column == date ? nil : (column, title, Self.metric(title))
    }
    converter = LocalTimeConverter(timeZone: options.defaultTimeZone)
    numbers = ImportedNumber(decimalSeparator: options.decimalSeparator)
  }

  private static func metric(_ title: String) -> Metric {
    guard let (name, unit) = CSVHeader.metric(title) else { return .other(title) }
    switch name.lowercased() {
    case "dietary water", "water":
      return .water(factor: VolumeUnits.milliliters(healthKitUnit: unit))
    case "dietary caffeine", "caffeine":
      return .caffeine(
        factor: VolumeUnits.caffeine[unit] ?? VolumeUnits.caffeine[unit.lowercased()])
    default:
      return .other(name)
    }
  }

  func next() throws(ImportError) -> ReaderEvent? {
    while pendingIndex == pending.count {
      pending.removeAll(keepingCapacity: true)
      pendingIndex = 0
      guard try scanner.nextRow() else { return nil }
      readRow()
    }
    pendingIndex += 1
    return pending[pendingIndex - 1]
  }

  private func readRow() {
    let line = scanner.rowLine
    let dateText = scanner.fieldOrEmpty(dateColumn) ?? .empty
    let instant = TimestampParser.parse(dateText).flatMap { $0.instant(using: converter) }
    for (column, title, metric) in metrics {
      guard let cell = scanner.fieldOrEmpty(column)?.trimmed, !cell.isEmpty else { continue }
      guard let instant else {
        pending.append(
          .rejected(
            line: line,
            reason: "Date \(dateText.quotedForMessage) is not in a form Liquidus reads; use"
              + " \(TimestampParser.acceptedForms)"))
        return
      }
      pending.append(event(metric, title: title, cell: cell, instant: instant, line: line))
    }
  }

  private func event(
    _ metric: Metric, title: String, cell: ByteSpan, instant: Date, line: Int
  ) -> ReaderEvent {
    let content: ImportedRecord.Content
    switch metric {
    case .other(let name):
      return .skipped(recordType: name)
    case .water(let factor), .caffeine(let factor):
      guard let factor else {
        return .rejected(
          line: line,
          reason: "column '\(title)' has an unknown unit; expected e.g. Dietary Water (mL),"
            + " Dietary Water (fl_oz_us) or Dietary Caffeine (mg)")
      }
      let value: Double
      switch numbers.read(cell) {
      case .success(let number): value = number
      case .failure(let problem):
        return .rejected(
          line: line, reason: ImportedNumber.reason(field: title, span: cell, problem: problem))
      }
      if case .water = metric {
        content = .drink(typeName: "Water", milliliters: value * factor)
      } else {
        content = .caffeine(milligrams: value * factor)
      }
    }
    return .record(
      ImportedRecord(content: content, instant: instant, sourceName: nil, note: nil, line: line))
  }
}
