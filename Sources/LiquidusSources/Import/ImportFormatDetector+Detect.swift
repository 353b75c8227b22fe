import Foundation
import ZIPFoundation

// Detection of a file on disk, apart from the header rules: a zip is opened to see which
// export it holds, which needs ZIPFoundation (and so stays out of the fuzz targets, which
// compile the readers without it).
extension ImportFormatDetector {
  /// Detects the format of `url`.
  ///
  /// A zip (by extension or signature) is Health Connect's export when it holds
  /// `health_connect_export.db` and no Apple Health export, else Apple Health; an SQLite file
  /// is Health Connect's database; XML (`<?xml`, `<HealthData`) is Apple Health; a JSON object
  /// with `"Data Points"` is Google Fit; a JSON array of events with `calendarDate` and an
  /// `...InML` field is Garmin's hydration log; Samsung Health's water and caffeine files name
  /// their data type on line 1. A CSV is classified by its first non-empty line: the converter headers are health-csv, the
  /// WaterMinder header is waterminder, a `Date`/`Date/Time` column beside `Name (unit)`
  /// columns is health-auto-export, and any other header of two or more columns is the plain
  /// csv (whose reader then names missing columns and suggests `--map`).
  ///
  /// - Throws: ``ImportError/unrecognizedFormat(path:)`` listing the formats, or the errors of
  ///   an unreadable or empty file.
  public static func detect(url: URL) throws(ImportError) -> ImportFormat {
    if url.pathExtension.lowercased() == "zip" { return zipFormat(url: url) }
    if try isZip(url: url) { return zipFormat(url: url) }
    let head = try prefix(of: url)
    // An SQLite database: Health Connect's export is the one Liquidus reads (the reader
    // names a database without its tables).
    if head.starts(with: Array("SQLite format 3\u{0}".utf8)) { return .healthConnect }
    var bytes = head[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    while let first = bytes.first, first == 0x20 || first == 0x0A || first == 0x0D || first == 0x09
    {
      bytes = bytes.dropFirst()
    }
    guard !bytes.isEmpty else { throw .emptyFile(path: url.path) }
    guard looksLikeText(bytes) else { throw .notText(path: url.path) }
    if bytes.first == UInt8(ascii: "<") { return .appleHealth }
    if bytes.first == UInt8(ascii: "{") {
      // JSON: Google Fit's Takeout data files are the JSON Liquidus reads.
      let text = String(decoding: bytes, as: UTF8.self)
      if text.contains("\"Data Points\"") { return .googleFit }
      throw .unrecognizedFormat(path: url.path)
    }
    if bytes.first == UInt8(ascii: "[") {
      // A JSON array: Garmin's hydration log is the one Liquidus reads.
      let text = String(decoding: bytes, as: UTF8.self)
      if text.contains("\"calendarDate\"") && text.contains("InML\"") { return .garmin }
      throw .unrecognizedFormat(path: url.path)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    if text.contains("<HealthData") { return .appleHealth }
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    // Samsung Health names its data type on line 1, before the header.
    if SamsungHealthReader.dataTypes.contains(where: { line.hasPrefix($0) }) {
      return .samsungHealth
    }
    let header = CSVHeader(names: splitHeader(line))
    if let format = classify(header) { return format }
    throw .unrecognizedFormat(path: url.path)
  }

  /// A zip is Health Connect's export when it holds `health_connect_export.db` and no Apple
  /// Health export; anything else, a damaged zip included, goes to the Apple Health reader,
  /// whose errors say what is wrong with it.
  static func zipFormat(url: URL) -> ImportFormat {
    guard let archive = try? ZipEntryByteSource.openArchive(url: url),
      HealthConnectReader.databaseEntry(in: archive) != nil,
      ZipEntryByteSource.exportEntry(in: archive) == nil
    else { return .appleHealth }
    return .healthConnect
  }

}
