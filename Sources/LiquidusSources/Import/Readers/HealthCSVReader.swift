/// Reads the converter CSVs: one HealthKit record per row.
///
/// Both common column orders are accepted because columns are found by name:
/// `type,sourceName,sourceVersion,unit,creationDate,startDate,endDate,value` and
/// `sourceName,sourceVersion,device,type,unit,...`; the type may be shortened (`DietaryWater`).
final class HealthCSVReader: CSVRecordReader {
  let format = ImportFormat.healthCSV
  let scanner: CSVScanner
  private let typeColumn: Int
  private let valueColumn: Int
  private let startColumn: Int
  private let unitColumn: Int?
  private let sourceColumn: Int?
  private let types = StringInterner()
  private let sources = StringInterner()

  init(source: ByteSource) throws(ImportError) {
    scanner = CSVScanner(source: source)
    let header = try CSVHeader(scanner: scanner)
    let columns = try header.require(["type"], ["value"], ["startDate"], for: .healthCSV)
    typeColumn = columns[0]
    valueColumn = columns[1]
    startColumn = columns[2]
    unitColumn = header.index("unit")
    sourceColumn = header.index("sourceName")
  }

  func next() throws(ImportError) -> ReaderEvent? {
    guard try scanner.nextRow() else { return nil }
    guard let type = scanner.fieldOrEmpty(typeColumn)?.trimmed, !type.isEmpty else {
      return .rejected(
        line: scanner.rowLine, reason: "the row has no type; expected e.g. DietaryWater")
    }
    guard let kind = IntakeKind(type: type) else {
      return .skipped(recordType: types.string(for: type) { $0.string })
    }
    let source = scanner.fieldOrEmpty(sourceColumn).flatMap { span -> String? in
      let trimmed = span.trimmed
      return trimmed.isEmpty ? nil : sources.string(for: trimmed) { $0.string }
    }
    return HealthRecordBuilder.event(
      kind: kind, value: scanner.fieldOrEmpty(valueColumn), unit: scanner.fieldOrEmpty(unitColumn),
      startDate: scanner.fieldOrEmpty(startColumn), sourceName: source, line: scanner.rowLine)
  }
}
