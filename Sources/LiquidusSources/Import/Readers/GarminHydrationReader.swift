import Foundation
import LiquidusModel

/// Reads Garmin Connect's hydration log from its account data export:
/// `DI_CONNECT/DI-Connect-Aggregator/HydrationLogFile_<from>_<to>.json`.
///
/// The file is one JSON array with an object per hydration event: `calendarDate`
/// (`2026-11-20`), `timestampLocal` (`2026-11-20T07:45:00.0`, the wall clock where it was
/// logged; some exports wrap it as `{"date": ...}`), `valueInML`, `uuid`, and for events that
/// an activity wrote, `estimatedSweatLossInML` and `activityId`.
///
/// Three kinds of events, three rules (see docs/FORMATS.md):
/// - a positive `valueInML` is a Water drink at `timestampLocal`, read as local time in `$TZ`
///   (the file has no offset), or at noon of `calendarDate` when it has no time;
/// - an activity's sweat loss (a sweat field, no positive `valueInML`) is not an intake:
///   skipped and counted;
/// - a negative `valueInML` is a correction (Garmin's "-" button): it takes that much back
///   from the latest earlier drinks of the same day, as Garmin's own daily total does; a
///   drink taken back whole is skipped, and what a correction takes beyond the day's drinks is
///   dropped (Garmin's total never goes below zero either). Liquidus stores no negative drinks.
///
/// A correction may change a drink that comes before it, so the file is read twice, element
/// by element (``JSONElementScanner``): first for each day's drinks and corrections, kept as a
/// number per drink, then for the events in file order. Memory follows the drinks, not the
/// file's elements (up to ``largestFile`` bytes, mapped); a rejection's "line" is the event's
/// number in the array.
final class GarminHydrationReader: RecordReader {
  let format = ImportFormat.garmin
  /// Far more than a lifetime of hydration events.
  static let largestFile = 256 * 1024 * 1024
  /// The source every drink names.
  static let sourceName = "Garmin Connect"
  static let sweatLoss = "Garmin sweat loss (not a drink)"
  static let correction = "Garmin correction (taken from that day's drinks)"
  static let takenBack = "Garmin drink taken back whole by a correction"

  private(set) var bytesRead: Int64 = 0
  let totalBytes: Int64?
  private let path: String
  private let converter: LocalTimeConverter
  private var elements: JSONElementScanner
  private var number = 0
  /// What is left of each drink, by its event number, once the corrections took their share.
  private let left: [Int: Double]

  init(url: URL, options: ImportOptions) throws(ImportError) {
    path = url.path
    let data: Data
    do {
      let size =
        (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?
        .intValue ?? 0
      guard size <= Self.largestFile else {
        throw ImportError.unreadableExport(
          path: url.path, format: .garmin,
          reason: "\(size) bytes is too large for a Garmin hydration log")
      }
      data = try Data(contentsOf: url, options: .alwaysMapped)
    } catch let error as ImportError {
      throw error
    } catch {
      throw .unreadableFile(path: url.path, reason: error.localizedDescription.withoutFinalPeriod)
    }
    totalBytes = Int64(data.count)
    converter = LocalTimeConverter(timeZone: options.defaultTimeZone)
    do {
      elements = try JSONElementScanner.topLevelArray(data)
    } catch {
      throw Self.notAHydrationLog(url.path)
    }
    left = try Self.amountsLeft(in: elements, converter: converter, path: url.path)
  }

  private static func notAHydrationLog(_ path: String) -> ImportError {
    .unreadableExport(
      path: path, format: .garmin,
      reason: "not a Garmin hydration log: expected a JSON array of events with valueInML")
  }

  func next() throws(ImportError) -> ReaderEvent? {
    let element: Data?
    do {
      element = try elements.next()
    } catch {
      throw Self.notAHydrationLog(path)
    }
    guard let element else {
      bytesRead = totalBytes ?? 0
      return nil
    }
    number += 1
    bytesRead = Int64(elements.offset)
    switch try Self.classify(element, number: number, converter: converter, path: path) {
    case .other(let other):
      return other
    case .event(let event):
      let amount = left[event.number] ?? 0
      if event.milliliters < 0 { return .skipped(recordType: Self.correction) }
      if event.milliliters > 0 && amount <= 0 { return .skipped(recordType: Self.takenBack) }
      return .record(
        ImportedRecord(
          content: .drink(typeName: "Water", milliliters: max(0, amount)),
          instant: event.instant, sourceName: Self.sourceName, note: nil, line: event.number))
    }
  }

  /// One parsed event: where it is in the file, its day, when, its millilitres.
  private struct Event {
    var number: Int
    var day: String
    /// Wall-clock seconds, to order the day's events.
    var localSeconds: Int64
    var instant: Date
    var milliliters: Double
  }

  /// What is left of each drink once each day's corrections took from its latest drinks.
  private static func amountsLeft(
    in elements: JSONElementScanner, converter: LocalTimeConverter, path: String
  ) throws(ImportError) -> [Int: Double] {
    var elements = elements
    var parsed: [Event] = []
    var number = 0
    do {
      while let element = try elements.next() {
        number += 1
        if case .event(let event) = try classify(
          element, number: number, converter: converter, path: path)
        {
          parsed.append(event)
        }
      }
    } catch let error as ImportError {
      throw error
    } catch {
      throw notAHydrationLog(path)
    }
    var left = Dictionary(uniqueKeysWithValues: parsed.map { ($0.number, $0.milliliters) })
    for (_, day) in Dictionary(grouping: parsed, by: \.day) {
      var drinks: [Int] = []  // the day's drinks so far, the latest last
      let ordered = day.sorted { ($0.localSeconds, $0.number) < ($1.localSeconds, $1.number) }
      for event in ordered {
        guard event.milliliters < 0 else {
          drinks.append(event.number)
          continue
        }
        var owed = -event.milliliters
        while owed > 0, let latest = drinks.last {
          let taken = min(owed, left[latest] ?? 0)
          left[latest, default: 0] -= taken
          owed -= taken
          if (left[latest] ?? 0) <= 0 { drinks.removeLast() }
        }
      }
    }
    return left
  }

  private enum Classified {
    case event(Event)
    case other(ReaderEvent)
  }

  /// What one array element is: a drink or correction, or something to skip or reject.
  /// - Throws: ``ImportError`` when an object is not well-formed JSON (not a Garmin file).
  private static func classify(
    _ element: Data, number: Int, converter: LocalTimeConverter, path: String
  ) throws(ImportError) -> Classified {
    // Only objects are parsed: anything else is rejected without building it.
    guard element.first == UInt8(ascii: "{") else {
      return .other(.rejected(line: number, reason: "event \(number) is not a JSON object"))
    }
    guard let object = try? JSONSerialization.jsonObject(with: element) as? [String: Any] else {
      throw notAHydrationLog(path)
    }
    let value = JSONNumber.double(object["valueInML"])
    let sweat = ["estimatedSweatLossInML", "measuredSweatLossInML"].contains {
      object[$0] is NSNumber
    }
    if sweat && !(value.map { $0 > 0 } ?? false) {
      return .other(.skipped(recordType: sweatLoss))
    }
    let date = object["calendarDate"] as? String
    guard let value, value.isFinite else {
      return .other(
        .rejected(
          line: number,
          reason: "event \(number)\(date.map { " (\($0))" } ?? "") has no valueInML in mL;"
            + " expected a number such as 250"))
    }
    var stamp = object["timestampLocal"]
    if let wrapped = stamp as? [String: Any] { stamp = wrapped["date"] }
    guard let time = (stamp as? String).flatMap(timestamp) ?? date.flatMap(noon(of:)),
      let instant = time.instant(using: converter)
    else {
      return .other(
        .rejected(
          line: number,
          reason: "event \(number) has no time: timestampLocal \(describe(stamp)) and"
            + " calendarDate \(describe(date)) are not dates such as 2026-11-20T07:45:00.0"))
    }
    let day = date ?? String((stamp as? String ?? "").prefix(10))
    return .event(
      Event(
        number: number, day: day, localSeconds: time.localSeconds, instant: instant,
        milliliters: value))
  }

  /// `2026-11-20T07:45:00.0`, local time (an offset, should one appear, is honoured).
  private static func timestamp(_ text: String) -> Timestamp? {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer -> Timestamp? in
      guard let base = buffer.baseAddress else { return nil }
      return TimestampParser.parse(ByteSpan(UnsafePointer(base), buffer.count))
    }
  }

  /// Noon of `2026-11-20`, for an event without a time.
  private static func noon(of date: String) -> Timestamp? {
    guard let (year, month, day) = CalendarDateText.parts(date) else { return nil }
    return Timestamp.make(
      year: year, month: month, day: day, hour: 12, minute: 0, second: 0, offsetSeconds: nil)
  }

  private static func describe(_ value: Any?) -> String {
    guard let value else { return "missing" }
    return "'\(value)'"
  }
}
