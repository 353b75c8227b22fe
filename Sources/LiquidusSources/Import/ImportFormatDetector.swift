import Foundation
import LiquidusModel

/// Guesses a file's ``ImportFormat`` from its name and first bytes.
public enum ImportFormatDetector {
  /// How much of the file is looked at: enough for any header line or XML prologue start.
  static let sniffSize = 64 * 1024

  /// Detects the format of `url`.
  ///
  /// A zip (by extension or signature) or XML (`<?xml`, `<HealthData`) is Apple Health; a JSON
  /// object with `"Data Points"` is Google Fit; Samsung Health's water and caffeine files name their data type
  /// on line 1. A CSV
  /// is classified by its first non-empty line: the converter headers are health-csv, the
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

  /// The CSV format a header belongs to, if any.
  static func classify(_ header: CSVHeader) -> ImportFormat? {
    if header.index("type") != nil && header.index("startDate") != nil
      && header.index("value") != nil
    {
      return .healthCSV
    }
    if header.index("Day") != nil && header.index("Food Name") != nil
      && header.index("Amount") != nil
    {
      return .cronometer
    }
    if header.index("Drink Type") != nil && header.index("Date") != nil
      && header.index("Time") != nil
    {
      return .waterminder
    }
    if header.index("Date", "Date/Time") != nil
      && header.names.contains(where: { CSVHeader.metric($0) != nil })
    {
      return .healthAutoExport
    }
    return header.names.count >= 2 ? .csv : nil
  }

  /// Whether `bytes` (the start of a file) are text: no NUL byte, and valid UTF-8 but for a
  /// character cut at the end of the sample. A picture or a spreadsheet renamed `.csv` is not.
  static func looksLikeText(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard !bytes.contains(0) else { return false }
    var sample = Array(bytes)
    // Up to three bytes of a character split by the sample's end.
    for _ in 0..<3 where String(validating: sample, as: UTF8.self) == nil && !sample.isEmpty {
      sample.removeLast()
    }
    return String(validating: sample, as: UTF8.self) != nil
  }

  /// Whether the file at `url` starts as text (see ``looksLikeText(_:)``).
  static func isText(url: URL) throws(ImportError) -> Bool {
    looksLikeText(try prefix(of: url)[...])
  }

  /// True when the file starts with a zip local-file-header signature.
  static func isZip(url: URL) throws(ImportError) -> Bool {
    let head = try prefix(of: url, count: 4)
    return head.starts(with: [0x50, 0x4B, 0x03, 0x04])
  }

  private static func prefix(of url: URL, count: Int = sniffSize) throws(ImportError) -> [UInt8] {
    let source = try FileByteSource(path: url.path)
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 1)
    defer { buffer.deallocate() }
    var filled = 0
    while filled < count {
      let n = try source.read(into: buffer + filled, count: count - filled)
      if n == 0 { break }
      filled += n
    }
    return Array(UnsafeRawBufferPointer(start: buffer, count: filled))
  }

  /// Splits a header line on commas outside quotes (headers rarely need more).
  private static func splitHeader(_ line: String) -> [String] {
    var names: [String] = []
    var current = ""
    var inQuotes = false
    for character in line {
      if character == "\"" {
        inQuotes.toggle()
      } else if character == "," && !inQuotes {
        names.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    names.append(current)
    return names
  }
}
