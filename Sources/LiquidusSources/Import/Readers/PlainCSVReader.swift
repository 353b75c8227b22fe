import LiquidusModel

/// Reads the plain `date,drink,amount,unit[,note,source,caffeine_mg]` layout, also Liquidus's own export.
///
/// Columns are found by name in any order and case; `--map COLUMN=FIELD` renames others.
/// Only `date` and `amount` are required: without a `drink` column every row is
/// ``ImportOptions/defaultDrinkName``, without a `unit` column amounts are millilitres.
final class PlainCSVReader: CSVRecordReader {
  /// The fields a column can be mapped to.
  static let fields = ["date", "drink", "amount", "unit", "note", "source", "caffeine_mg"]

  let format = ImportFormat.csv
  let scanner: CSVScanner
  private let dateColumn: Int?
  private let amountColumn: Int?
  private let unitColumn: Int?
  private let drinkColumn: Int?
  private let noteColumn: Int?
  private let sourceColumn: Int?
  private let caffeineColumn: Int?
  private let converter: LocalTimeConverter
  private let numbers: ImportedNumber
  private let defaultDrink: String
  private let drinks = StringInterner()

  init(source: ByteSource, options: ImportOptions) throws(ImportError) {
    scanner = CSVScanner(source: source)
    let header = try CSVHeader(scanner: scanner)
    let columns = try Self.mapColumns(header: header, map: options.columnMap, path: source.path)
    // Resolved once: a dictionary lookup per cell would cost more than parsing the cell.
    dateColumn = columns["date"]
    amountColumn = columns["amount"]
    unitColumn = columns["unit"]
    drinkColumn = columns["drink"]
    noteColumn = columns["note"]
    sourceColumn = columns["source"]
    caffeineColumn = columns["caffeine_mg"]
    converter = LocalTimeConverter(timeZone: options.defaultTimeZone)
    defaultDrink = options.defaultDrinkName
    numbers = ImportedNumber(decimalSeparator: options.decimalSeparator)
  }

  /// Field name -> column index, explicit `--map` entries first, then the standard names.
  static func mapColumns(
    header: CSVHeader, map: [String: String], path: String
  ) throws(ImportError) -> [String: Int] {
    var columns: [String: Int] = [:]
    for (column, field) in map {
      let field = field.lowercased()
      guard fields.contains(field) else { throw .invalidColumnMap(column: column, field: field) }
      if let index = header.index(column) { columns[field] = index }
    }
    for field in fields where columns[field] == nil {
      if let index = header.index(field), !columns.values.contains(index) {
        columns[field] = index
      }
    }
    let missing = ["date", "amount"].filter { columns[$0] == nil }
    guard missing.isEmpty else {
      throw .missingColumns(path: path, format: .csv, missing: missing, header: header.text)
    }
    return columns
  }

  func next() throws(ImportError) -> ReaderEvent? {
    guard try scanner.nextRow() else { return nil }
    let line = scanner.rowLine
    let dateText = scanner.fieldOrEmpty(dateColumn) ?? ByteSpan.empty
    guard let stamp = TimestampParser.parse(dateText),
      let instant = stamp.instant(using: converter)
    else {
      return .rejected(
        line: line,
        reason: "date \(dateText.quotedForMessage) is not in a form Liquidus reads; use"
          + " \(TimestampParser.acceptedForms)")
    }
    let amountText = scanner.fieldOrEmpty(amountColumn) ?? ByteSpan.empty
    let amount: Double
    do { amount = try numbers.amount(amountText, field: "amount") } catch {
      return .rejected(line: line, reason: error.reason)
    }
    var factor = 1.0
    if let unitColumn {
      let unit = scanner.fieldOrEmpty(unitColumn)?.trimmed ?? ByteSpan.empty
      let known = VolumeUnits.milliliters(lenientUnit: unit)
      guard let known else {
        return .rejected(
          line: line,
          reason: "unit \(unit.quotedForMessage) is not supported; use one of"
            + " \(VolumeUnits.lenientNames)")
      }
      factor = known
    }
    // Text fields as Liquidus's own export neutralised them against formula injection.
    let drinkSpan = scanner.fieldOrEmpty(drinkColumn)?.trimmed ?? ByteSpan.empty
    let drink =
      drinkSpan.isEmpty
      ? defaultDrink : drinks.string(for: drinkSpan) { CSVField.unneutralized($0.string) }
    let note = scanner.fieldOrEmpty(noteColumn).flatMap {
      $0.isEmpty ? nil : CSVField.unneutralized($0.string)
    }
    let source = scanner.fieldOrEmpty(sourceColumn)?.trimmed
    // Liquidus's own export carries each entry's caffeine; an empty cell means "work it out".
    var caffeine: Double?
    if let cell = scanner.fieldOrEmpty(caffeineColumn)?.trimmed, !cell.isEmpty {
      switch numbers.read(cell) {
      case .success(let value): caffeine = value
      case .failure(let problem):
        return .rejected(
          line: line,
          reason: ImportedNumber.reason(field: "caffeine_mg", span: cell, problem: problem))
      }
    }
    return .record(
      ImportedRecord(
        content: .drink(typeName: drink, milliliters: amount * factor), instant: instant,
        sourceName: source.flatMap { $0.isEmpty ? nil : CSVField.unneutralized($0.string) },
        note: note, line: line, caffeine: caffeine))
  }
}

extension ByteSpan {
  /// One readable byte that zero-length spans point at; never written, hence the unsafe.
  nonisolated(unsafe) private static let emptyStorage: UnsafeMutablePointer<UInt8> = {
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    storage.initialize(to: 0)
    return storage
  }()

  /// A zero-length span, for a missing cell.
  static var empty: ByteSpan { ByteSpan(emptyStorage, 0) }
}
