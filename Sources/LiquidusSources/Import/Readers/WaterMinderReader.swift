import LiquidusModel

/// Reads WaterMinder's CSV export.
///
/// Which column is the volume: WaterMinder writes two, `Hydration Value(ml)` (what the drink
/// counts toward the daily hydration goal, i.e. the volume weighted by the drink's hydration
/// factor) and `Water Value(ml)` (the liquid actually drunk). Liquidus stores what was drunk
/// and leaves hydration weighting to reports (the beverage hydration index study, Maughan et
/// al. 2016, found coffee, tea and cola no different from water), so the amount is `Water Value(ml)`;
/// `Hydration Value(ml)` is used only when a row has no water value. Identical rows are two
/// drinks and are both emitted; the caller must not collapse them.
final class WaterMinderReader: CSVRecordReader {
  let format = ImportFormat.waterminder
  let scanner: CSVScanner
  private let converter: LocalTimeConverter
  private let numbers: ImportedNumber
  private let drinkColumn: Int?
  private let cupColumn: Int?
  private let waterColumn: Int?
  private let hydrationColumn: Int?
  private let dateColumn: Int
  private let timeColumn: Int
  private let drinks = StringInterner()

  init(source: ByteSource, options: ImportOptions) throws(ImportError) {
    scanner = CSVScanner(source: source)
    let header = try CSVHeader(scanner: scanner)
    drinkColumn = header.index("Drink Type")
    cupColumn = header.index("Cup Name")
    let waterNames = ["Water Value(ml)", "Water Value (ml)"]
    let hydrationNames = ["Hydration Value(ml)", "Hydration Value (ml)"]
    // Either volume column will do (see above for which one wins).
    let columns = try header.require(
      ["Date"], ["Time"], waterNames + hydrationNames, for: .waterminder)
    dateColumn = columns[0]
    timeColumn = columns[1]
    waterColumn = waterNames.lazy.compactMap { header.index($0) }.first
    hydrationColumn = hydrationNames.lazy.compactMap { header.index($0) }.first
    converter = LocalTimeConverter(timeZone: options.defaultTimeZone)
    numbers = ImportedNumber(decimalSeparator: options.decimalSeparator)
  }

  func next() throws(ImportError) -> ReaderEvent? {
    guard try scanner.nextRow() else { return nil }
    let line = scanner.rowLine
    let date = scanner.fieldOrEmpty(dateColumn)?.trimmed ?? .empty
    let time = scanner.fieldOrEmpty(timeColumn)?.trimmed ?? .empty
    guard let seconds = Self.localSeconds(date: date, time: time) else {
      return .rejected(
        line: line,
        reason: "date \(date.quotedForMessage) and time \(time.quotedForMessage) are not"
          + " d/m/yy and HH:mm such as 20/11/26 and 08:15")
    }
    var amountText = scanner.fieldOrEmpty(waterColumn)?.trimmed ?? .empty
    if amountText.isEmpty { amountText = scanner.fieldOrEmpty(hydrationColumn)?.trimmed ?? .empty }
    let amount: Double
    do { amount = try numbers.amount(amountText, field: "Water Value(ml)") } catch {
      return .rejected(line: line, reason: error.reason)
    }
    let drinkSpan = scanner.fieldOrEmpty(drinkColumn)?.trimmed ?? .empty
    let drink = drinkSpan.isEmpty ? "Water" : drinks.string(for: drinkSpan) { $0.string }
    let cup = scanner.fieldOrEmpty(cupColumn)?.trimmed
    return .record(
      ImportedRecord(
        content: .drink(typeName: drink, milliliters: amount),
        instant: converter.instant(localSeconds: seconds), sourceName: nil,
        note: cup.flatMap { $0.isEmpty ? nil : $0.string }, line: line))
  }

  /// `d/m/yy` (two-digit years are 20yy; four digits accepted) and `H:mm[:ss]`.
  static func localSeconds(date: ByteSpan, time: ByteSpan) -> Int64? {
    guard let d = numbers(date, separator: UInt8(ascii: "/")), d.count == 3,
      let t = numbers(time, separator: UInt8(ascii: ":")), t.count == 2 || t.count == 3
    else { return nil }
    let year = d[2] < 100 ? 2000 + d[2] : d[2]
    return Timestamp.make(
      year: year, month: d[1], day: d[0], hour: t[0], minute: t[1],
      second: t.count == 3 ? t[2] : 0, offsetSeconds: nil)?.localSeconds
  }

  private static func numbers(_ span: ByteSpan, separator: UInt8) -> [Int]? {
    var parts: [Int] = []
    var value = 0
    var digits = 0
    for i in 0..<span.count {
      let c = span[i]
      if c == separator {
        guard digits > 0 else { return nil }
        parts.append(value)
        value = 0
        digits = 0
      } else if c &- 0x30 < 10, digits < 4 {
        value = value * 10 + Int(c &- 0x30)
        digits += 1
      } else {
        return nil
      }
    }
    guard digits > 0 else { return nil }
    parts.append(value)
    return parts
  }
}
