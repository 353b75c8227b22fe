import Foundation
import LiquidusModel

/// Reads Google Fit's hydration data from Google Takeout:
/// `Takeout/Fit/All Data/raw_com.google.hydration_<source>.json`.
///
/// The file is one JSON object whose `Data Points` array holds one point per drink:
/// `startTimeNanos` (UTC, nanoseconds since 1970), `fitValue[0].value.fpVal` (litres), and
/// `originDataSourceId` (`raw:com.google.hydration:<app package>:...`), whose package is kept
/// as the entry's source. Takeout's files are small, so the file is read whole, up to
/// ``largestFile``; a rejection's "line" is the data point's number.
final class GoogleFitReader: RecordReader {
  let format = ImportFormat.googleFit
  /// More than a lifetime of drinks: a larger file is not a hydration file.
  static let largestFile = 256 * 1024 * 1024
  private(set) var bytesRead: Int64 = 0
  let totalBytes: Int64?
  private var points: [Any] = []
  private var index = 0
  private let path: String

  init(url: URL) throws(ImportError) {
    path = url.path
    let data: Data
    do {
      let size =
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?
        .intValue ?? 0
      guard size <= Self.largestFile else {
        throw ImportError.malformedJSON(
          path: path, reason: "\(size) bytes is too large for a Google Fit data file")
      }
      data = try Data(contentsOf: url)
    } catch let error as ImportError {
      throw error
    } catch {
      throw .unreadableFile(path: path, reason: error.localizedDescription.withoutFinalPeriod)
    }
    totalBytes = Int64(data.count)
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let points = object["Data Points"] as? [Any]
    else {
      throw .malformedJSON(
        path: path,
        reason: "not a Google Fit data file: expected a JSON object with \"Data Points\"")
    }
    self.points = points
  }

  func next() throws(ImportError) -> ReaderEvent? {
    guard index < points.count else {
      bytesRead = totalBytes ?? 0
      return nil
    }
    index += 1
    let number = index
    guard let point = points[number - 1] as? [String: Any] else {
      return .rejected(line: number, reason: "data point \(number) is not an object")
    }
    if let type = point["dataTypeName"] as? String, type != "com.google.hydration" {
      return .skipped(recordType: type)
    }
    guard let nanos = Self.integer(point["startTimeNanos"]) else {
      return .rejected(line: number, reason: "data point \(number) has no startTimeNanos")
    }
    let values = point["fitValue"] as? [[String: Any]]
    let value = (values?.first?["value"] as? [String: Any])?["fpVal"] as? NSNumber
    guard let litres = value?.doubleValue, litres.isFinite, litres >= 0 else {
      return .rejected(
        line: number, reason: "data point \(number) has no volume in fitValue[0].value.fpVal")
    }
    return .record(
      ImportedRecord(
        content: .drink(typeName: "Water", milliliters: litres * 1000),
        instant: Date(timeIntervalSince1970: Double(nanos) / 1e9),
        sourceName: Self.app(point["originDataSourceId"] as? String), note: nil, line: number))
  }

  /// A number, or a string of digits (Takeout writes nanoseconds both ways).
  private static func integer(_ value: Any?) -> Int64? {
    if let number = value as? NSNumber { return number.int64Value }
    if let text = value as? String { return Int64(text) }
    return nil
  }

  /// `raw:com.google.hydration:com.example.water:...` -> `com.example.water`.
  private static func app(_ source: String?) -> String? {
    guard let parts = source?.split(separator: ":"), parts.count >= 3 else { return nil }
    return String(parts[2])
  }
}
