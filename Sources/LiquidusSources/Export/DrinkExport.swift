import Foundation
import LiquidusModel
import LiquidusStore

/// Writes entries out as CSV or JSON, in the layout the plain csv import reads back.
///
/// Every field needed to rebuild the entry is written: the instant in ISO 8601 with the
/// offset of the given zone (milliseconds when they are not zero), the drink type's name, the
/// amount in millilitres (shortest text that reads back as the same number), the note and the
/// source. So `export` then `import` into a fresh database gives the same entries (their
/// source becomes `imported`, because that is what they then are).
///
/// ```swift
/// try DrinkExport(format: .csv, timeZone: zone).write(from: store, in: interval) { print($0) }
/// ```
public struct DrinkExport: Sendable {
  /// The layouts `liquidus export` writes.
  public enum Format: String, Sendable, CaseIterable {
    /// `date,drink,amount,unit,note,source,caffeine_mg,uid,modified_at,import_key`, RFC 4180
    /// quoting, `unit` always `mL`. The last three are each entry's id, as the JSON has them,
    /// so that a database rebuilt from the CSV is still the same entries to `merge`.
    case csv
    /// An array of `{"date","drink","amount","unit","note","source","caffeineMg","uid",`
    /// `"modifiedAt","importKey"}` objects, which `liquidus merge` reads.
    case json
    /// FHIR R4 `Observation`s as NDJSON, one per line (see `FHIRObservation`): for a clinic's
    /// server. Not read back.
    case fhir
  }

  /// The layout.
  public var format: Format
  /// The zone whose offsets the dates are written with.
  public var timeZone: TimeZone
  /// The FHIR subject of every observation (`Patient/123`); nil for none.
  public var subject: String?

  /// Creates an exporter.
  public init(format: Format, timeZone: TimeZone, subject: String? = nil) {
    self.format = format
    self.timeZone = timeZone
    self.subject = subject
  }

  /// Whether `text` is a subject an Observation takes: `Patient/123` (or a Group, Device or
  /// Location).
  public static func isFHIRSubject(_ text: String) -> Bool {
    FHIRObservation.isSubjectReference(text)
  }

  /// Streams every entry in `interval` (oldest first) to `write`, a few hundred at a time, so
  /// memory stays flat however many entries there are.
  ///
  /// - Parameter damaged: told of each entry that cannot be read, which is left out.
  /// - Returns: How many entries were written.
  @discardableResult
  public func write(
    from store: DrinkStore, in interval: DateInterval,
    damaged: (StoreError) -> Void = { _ in }, to write: (String) throws -> Void
  ) throws -> Int {
    var chunk =
      switch format {
      case .csv: "date,drink,amount,unit,note,source,caffeine_mg,uid,modified_at,import_key\n"
      case .json: "["
      case .fhir: ""
      }
    let count = try store.forEachDrink(in: interval, damaged: damaged) { drink, name in
      switch format {
      case .csv: chunk += csvLine(drink, name)
      case .json: chunk += (chunk == "[" ? "\n  " : ",\n  ") + (try jsonObject(drink, name))
      case .fhir:
        chunk += try FHIRObservation(
          drink: drink, typeName: name, effective: date(drink.instant),
          lastUpdated: drink.modifiedAt.map(date), subject: subject
        ).line()
      }
      if chunk.utf8.count > 1 << 16 {
        try write(chunk)
        chunk = ""
      }
    }
    if format == .json { chunk += count == 0 ? "]\n" : "\n]\n" }
    try write(chunk)
    return count
  }

  private func csvLine(_ drink: Drink, _ name: String) -> String {
    CSVField.line([
      date(drink.instant), name, Self.amount(drink.volume.milliliters), "mL", drink.note ?? "",
      Self.source(of: drink), Self.amount(drink.caffeine), drink.uid ?? "",
      drink.modifiedAt.map(date) ?? "", drink.importKey ?? "",
    ]) + "\n"
  }

  private func jsonObject(_ drink: Drink, _ name: String) throws -> String {
    try FlatJSONEncoder().encode(entry(drink, typeName: name))
  }

  /// One entry as the JSON export writes it, and as the server's API answers with it.
  public func entry(_ drink: Drink, typeName name: String) -> ExportedEntry {
    ExportedEntry(
      date: date(drink.instant), drink: name, amount: drink.volume.milliliters, note: drink.note,
      source: Self.source(of: drink), caffeineMg: drink.caffeine, uid: drink.uid,
      modifiedAt: drink.modifiedAt.map(date), importKey: drink.importKey)
  }

  /// ISO 8601 in `timeZone`: `2026-11-20T08:15:00-08:00`, `Z` for UTC, `.SSS` when needed.
  func date(_ instant: Date) -> String {
    let milliseconds = instant.millisecondsSince1970
    let offset = timeZone.secondsFromGMT(for: instant)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    CivilTime.append(
      milliseconds + Int64(offset) * 1000, separator: UInt8(ascii: "T"),
      alwaysMilliseconds: false, to: &bytes)
    if offset == 0 {
      bytes.append(UInt8(ascii: "Z"))
    } else {
      bytes.append(UInt8(ascii: offset < 0 ? "-" : "+"))
      let minutes = Int64(abs(offset) / 60)
      CivilTime.digits(minutes / 60, 2, &bytes)
      bytes.append(UInt8(ascii: ":"))
      CivilTime.digits(minutes % 60, 2, &bytes)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Where the entry came from: the app an imported entry's file named (WaterMinder,
  /// Cronometer), else `typed` or `imported`. Import reads it back as the source name, so a
  /// round trip writes the same word again.
  static func source(of drink: Drink) -> String {
    drink.sourceName.flatMap { $0.isEmpty ? nil : $0 } ?? drink.source.rawValue
  }

  /// The shortest decimal that reads back as the same Double (Swift's `description`), without
  /// a trailing `.0` for whole numbers.
  static func amount(_ value: Double) -> String {
    (try? JSONLiteral.number(value)) ?? String(value)
  }
}
