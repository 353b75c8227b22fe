import Foundation
import LiquidusModel

/// Reads Google Fit's hydration data from Google Takeout:
/// `Takeout/Fit/All Data/raw_com.google.hydration_<source>.json`.
///
/// The file is one JSON object whose `Data Points` array holds one point per drink:
/// `startTimeNanos` (UTC, nanoseconds since 1970), `fitValue[0].value.fpVal` (litres), and
/// `originDataSourceId` (`raw:com.google.hydration:<app package>:...`), whose package is kept
/// as the entry's source. The file (up to ``largestFile``, mapped) is read one data point at a
/// time (``JSONElementScanner``), so memory follows the point being read, not the file; a
/// rejection's "line" is the data point's number.
final class GoogleFitReader: RecordReader {
  let format = ImportFormat.googleFit
  /// More than a lifetime of drinks: a larger file is not a hydration file.
  static let largestFile = 256 * 1024 * 1024
  private(set) var bytesRead: Int64 = 0
  let totalBytes: Int64?
  private var points: JSONElementScanner
  private var number = 0
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
      data = try Data(contentsOf: url, options: .alwaysMapped)
    } catch let error as ImportError {
      throw error
    } catch {
      throw .unreadableFile(path: path, reason: error.localizedDescription.withoutFinalPeriod)
    }
    totalBytes = Int64(data.count)
    guard let points = try? JSONElementScanner.array(underKey: "Data Points", in: data) else {
      throw Self.notAGoogleFitFile(path)
    }
    // The whole array's structure is checked before the first point is handed out, so a file
    // cut short is refused whole rather than after some of its drinks were imported.
    var check = points
    do {
      while try check.next() != nil {}
    } catch {
      throw Self.notAGoogleFitFile(path)
    }
    self.points = points
  }

  private static func notAGoogleFitFile(_ path: String) -> ImportError {
    .malformedJSON(
      path: path, reason: "not a Google Fit data file: expected a JSON object with \"Data Points\"")
  }

  func next() throws(ImportError) -> ReaderEvent? {
    let element: Data?
    do {
      element = try points.next()
    } catch {
      throw Self.notAGoogleFitFile(path)
    }
    guard let element else {
      bytesRead = totalBytes ?? 0
      return nil
    }
    number += 1
    bytesRead = Int64(points.offset)
    guard element.first == UInt8(ascii: "{") else {
      return .rejected(line: number, reason: "data point \(number) is not an object")
    }
    guard let point = try? JSONSerialization.jsonObject(with: element) as? [String: Any] else {
      return .rejected(line: number, reason: "data point \(number) is not valid JSON")
    }
    if let type = point["dataTypeName"] as? String, type != "com.google.hydration" {
      return .skipped(recordType: type)
    }
    guard let written = point["startTimeNanos"] else {
      return .rejected(line: number, reason: "data point \(number) has no startTimeNanos")
    }
    guard let seconds = Self.seconds(nanoseconds: written) else {
      return .rejected(
        line: number,
        reason: "data point \(number): startTimeNanos \(written) is not a time in nanoseconds"
          + " since 1970")
    }
    let values = point["fitValue"] as? [[String: Any]]
    let value = JSONNumber.double((values?.first?["value"] as? [String: Any])?["fpVal"])
    guard let litres = value, litres.isFinite, litres >= 0 else {
      return .rejected(
        line: number, reason: "data point \(number) has no volume in fitValue[0].value.fpVal")
    }
    return .record(
      ImportedRecord(
        content: .drink(typeName: "Water", milliliters: litres * 1000),
        instant: Date(timeIntervalSince1970: seconds),
        sourceName: Self.app(point["originDataSourceId"] as? String), note: nil, line: number))
  }

  /// Seconds since 1970 from nanoseconds written as a number or a string of digits (Takeout
  /// writes both); nil for anything else, and for what no 64-bit count of nanoseconds holds
  /// (1e30 once wrapped around to 1677).
  private static func seconds(nanoseconds value: Any) -> Double? {
    let nanos: Int64?
    if let number = value as? NSNumber, !JSONNumber.isBoolean(number) {
      // An integer is taken exactly; a floating-point one (1e30) only when 64 bits hold it.
      let isInteger = !["d", "f"].contains(String(cString: number.objCType))
      let double = number.doubleValue
      nanos =
        isInteger
        ? number.int64Value
        : double.rounded() == double && abs(double) < 9.2e18 ? Int64(double) : nil
    } else if let text = value as? String {
      nanos = Int64(text)
    } else {
      nanos = nil
    }
    return nanos.map { Double($0) / 1e9 }
  }

  /// `raw:com.google.hydration:com.example.water:...` -> `com.example.water`.
  private static func app(_ source: String?) -> String? {
    guard let parts = source?.split(separator: ":"), parts.count >= 3 else { return nil }
    return String(parts[2])
  }
}
