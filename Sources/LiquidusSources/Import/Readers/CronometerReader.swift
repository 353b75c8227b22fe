import Foundation
import LiquidusModel

/// Reads Cronometer's `servings.csv` (More > Account > Export Data > Servings): one row per
/// logged serving with `Day`, `Time`, `Food Name`, `Amount` and a column per nutrient.
///
/// A serving whose `Amount` is a volume (`8.00 fl oz`, `250.00 ml`, `1.00 cup`) is a drink of
/// that volume; anything weighed or counted (`150.00 g`, `1.00 medium`) is food and skipped.
/// The drink type comes from the food's name (`Coffee, brewed` is Coffee; see ``drinkType``).
/// `Caffeine (mg)` becomes the entry's own caffeine. `Day` and `Time` (12-hour, `8:15 AM`) are
/// local time, read in `$TZ`; a serving without a time is placed at noon.
final class CronometerReader: CSVRecordReader {
  let format = ImportFormat.cronometer
  let scanner: CSVScanner
  private let dayColumn: Int
  private let timeColumn: Int?
  private let nameColumn: Int
  private let amountColumn: Int
  private let caffeineColumn: Int?
  private let converter: LocalTimeConverter
  private let numbers: ImportedNumber
  private let names = StringInterner()

  init(source: ByteSource, options: ImportOptions) throws(ImportError) {
    scanner = CSVScanner(source: source)
    let header = try CSVHeader(scanner: scanner)
    let columns = try header.require(["Day"], ["Food Name"], ["Amount"], for: .cronometer)
    dayColumn = columns[0]
    nameColumn = columns[1]
    amountColumn = columns[2]
    timeColumn = header.index("Time")
    caffeineColumn = header.index("Caffeine (mg)")
    converter = LocalTimeConverter(timeZone: options.defaultTimeZone)
    numbers = ImportedNumber(decimalSeparator: ".")
  }

  func next() throws(ImportError) -> ReaderEvent? {
    guard try scanner.nextRow() else { return nil }
    let line = scanner.rowLine
    let amount = (scanner.fieldOrEmpty(amountColumn)?.trimmed ?? .empty).string
    // "8.00 fl oz": the number, then the unit.
    let number = amount.prefix { $0.isNumber || $0 == "." || $0 == "," }
    let unit = amount.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
    guard let factor = VolumeUnits.milliliters(lenientUnit: unit) else {
      return .skipped(recordType: "Cronometer food (not a volume)")
    }
    guard let value = Double(number), value.isFinite, value >= 0 else {
      return .rejected(
        line: line, reason: "Amount '\(amount)' is not a number and a unit such as 8.00 fl oz")
    }
    let day = scanner.fieldOrEmpty(dayColumn)?.trimmed ?? .empty
    let time = scanner.fieldOrEmpty(timeColumn)?.trimmed ?? .empty
    guard let seconds = Self.localSeconds(day: day.string, time: time.string) else {
      return .rejected(
        line: line,
        reason: "Day \(day.quotedForMessage) and Time \(time.quotedForMessage) are not"
          + " yyyy-MM-dd and h:mm AM/PM such as 2026-11-20 and 8:15 AM")
    }
    var caffeine: Double?
    if let cell = scanner.fieldOrEmpty(caffeineColumn)?.trimmed, !cell.isEmpty {
      // A cell that is no amount is the row's problem, never the type's default in silence.
      guard case .success(let milligrams) = numbers.read(cell), milligrams.isFinite,
        milligrams >= 0
      else {
        return .rejected(
          line: line,
          reason: "Caffeine (mg) \(cell.quotedForMessage) is not an amount of milligrams such as 95"
        )
      }
      caffeine = milligrams
    }
    let name = scanner.fieldOrEmpty(nameColumn)?.trimmed ?? .empty
    return .record(
      ImportedRecord(
        content: .drink(
          typeName: names.string(for: name) { Self.drinkType(for: $0.string) },
          milliliters: value * factor),
        instant: converter.instant(localSeconds: seconds), sourceName: "Cronometer",
        note: nil, line: line, caffeine: caffeine))
  }

  /// The drink type for a food name: a known drink in it (`Coffee, brewed` is Coffee,
  /// `Tea, green, brewed` is Green tea), else the name before its first comma.
  static func drinkType(for food: String) -> String {
    let lower = food.lowercased()
    let known: [(String, String)] = [
      ("decaf", "Decaf"), ("espresso", "Espresso"), ("energy drink", "Energy drink"),
      ("coffee", "Coffee"), ("green", "Green tea"), ("tea", "Tea"), ("mate", "Mate"),
      ("milk", "Milk"), ("juice", "Juice"), ("cola", "Soda"), ("soda", "Soda"),
      ("water", "Water"),
    ]
    for (word, type) in known where lower.contains(word) {
      if type == "Green tea" && !lower.contains("tea") { continue }
      return type
    }
    // Never cut to fit: two foods cut to one name would become one drink type. A name too
    // long for a type is refused row by row by the import.
    let head = food.split(separator: ",").first.map(String.init) ?? food
    return head.trimmingCharacters(in: .whitespaces)
  }

  /// `2026-11-20` and `8:15 AM` (or 24-hour `08:15`, or none: noon) as local seconds.
  static func localSeconds(day: String, time: String) -> Int64? {
    guard let date = CalendarDateText.parts(day) else { return nil }
    var hour = 12
    var minute = 0
    if !time.isEmpty {
      let upper = time.uppercased()
      let pm = upper.hasSuffix("PM")
      let am = upper.hasSuffix("AM")
      let clock =
        (am || pm) ? String(upper.dropLast(2)).trimmingCharacters(in: .whitespaces) : upper
      let parts = clock.split(separator: ":").compactMap { Int($0) }
      guard parts.count >= 2, (0..<60).contains(parts[1]) else { return nil }
      hour = parts[0]
      minute = parts[1]
      if am || pm {
        guard (1...12).contains(hour) else { return nil }
        hour = hour % 12 + (pm ? 12 : 0)
      }
      guard (0..<24).contains(hour) else { return nil }
    }
    return Timestamp.make(
      year: date.year, month: date.month, day: date.day, hour: hour, minute: minute, second: 0,
      offsetSeconds: nil)?.localSeconds
  }
}
