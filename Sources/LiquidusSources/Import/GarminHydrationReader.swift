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
/// The file is read whole (up to ``largestFile``), since a correction may change a drink that
/// comes before it; a rejection's "line" is the event's number in the array.
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
  private var events: [ReaderEvent] = []
  private var index = 0

  init(url: URL, options: ImportOptions) throws(ImportError) {
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
      data = try Data(contentsOf: url)
    } catch let error as ImportError {
      throw error
    } catch {
      throw .unreadableFile(path: url.path, reason: error.localizedDescription.withoutFinalPeriod)
    }
    totalBytes = Int64(data.count)
    guard let entries = try? JSONSerialization.jsonObject(with: data) as? [Any] else {
      throw .unreadableExport(
        path: url.path, format: .garmin,
        reason: "not a Garmin hydration log: expected a JSON array of events with valueInML")
    }
    events = Self.events(entries, converter: LocalTimeConverter(timeZone: options.defaultTimeZone))
  }

  func next() throws(ImportError) -> ReaderEvent? {
    guard index < events.count else {
      bytesRead = totalBytes ?? 0
      return nil
    }
    index += 1
    return events[index - 1]
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

  /// The reader's events, in file order, after the corrections are applied.
  private static func events(_ entries: [Any], converter: LocalTimeConverter) -> [ReaderEvent] {
    var slots: [ReaderEvent?] = []
    var parsed: [Event] = []
    for (offset, entry) in entries.enumerated() {
      switch classify(entry, number: offset + 1, converter: converter) {
      case .event(let event):
        parsed.append(event)
        slots.append(nil)  // filled once the day's corrections are known
      case .other(let other):
        slots.append(other)
      }
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
    for event in parsed {
      let amount = left[event.number] ?? 0
      slots[event.number - 1] =
        event.milliliters < 0
        ? .skipped(recordType: correction)
        : event.milliliters > 0 && amount <= 0
          ? .skipped(recordType: takenBack)
          : .record(
            ImportedRecord(
              content: .drink(typeName: "Water", milliliters: max(0, amount)),
              instant: event.instant, sourceName: sourceName, note: nil, line: event.number))
    }
    return slots.compactMap { $0 }
  }

  private enum Classified {
    case event(Event)
    case other(ReaderEvent)
  }

  /// What one array element is: a drink or correction, or something to skip or reject.
  private static func classify(
    _ entry: Any, number: Int, converter: LocalTimeConverter
  ) -> Classified {
    guard let object = entry as? [String: Any] else {
      return .other(.rejected(line: number, reason: "event \(number) is not a JSON object"))
    }
    let value = (object["valueInML"] as? NSNumber)?.doubleValue
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
    let parts = date.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3 else { return nil }
    return Timestamp.make(
      year: parts[0], month: parts[1], day: parts[2], hour: 12, minute: 0, second: 0,
      offsetSeconds: nil)
  }

  private static func describe(_ value: Any?) -> String {
    guard let value else { return "missing" }
    return "'\(value)'"
  }
}
