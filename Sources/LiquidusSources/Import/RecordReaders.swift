import Foundation

/// Opens the reader for a file and format.
public enum RecordReaders {
  /// Opens `url` as `format`.
  ///
  /// For Apple Health, a `.zip` (or any file starting with a zip signature) is read through
  /// its `apple_health_export/export.xml` entry without unpacking it; anything else is read as
  /// the XML itself. CSV readers read and check the header here, so a wrong header fails
  /// before the first record.
  ///
  /// - Parameters:
  ///   - url: A local file.
  ///   - format: Usually from ``ImportFormatDetector/detect(url:)`` or `--format`.
  ///   - options: Column mapping, the time zone of offset-less dates, the default drink.
  /// - Returns: A reader positioned before the first record.
  /// - Throws: ``ImportError`` when the file cannot be opened or its header is unusable.
  public static func open(
    url: URL, format: ImportFormat, options: ImportOptions
  ) throws(ImportError) -> any RecordReader {
    switch format {
    case .appleHealth:
      if url.pathExtension.lowercased() == "zip", FileManager.default.fileExists(atPath: url.path) {
        return AppleHealthXMLReader(source: try ZipEntryByteSource(url: url))
      }
      if try ImportFormatDetector.isZip(url: url) {
        return AppleHealthXMLReader(source: try ZipEntryByteSource(url: url))
      }
      return AppleHealthXMLReader(source: try FileByteSource(path: url.path))
    case .healthCSV:
      return try HealthCSVReader(source: try textSource(url))
    case .healthAutoExport:
      return try HealthAutoExportReader(source: try textSource(url), options: options)
    case .waterminder:
      return try WaterMinderReader(source: try textSource(url), options: options)
    case .samsungHealth:
      return try SamsungHealthReader(source: try textSource(url), options: options)
    case .cronometer:
      return try CronometerReader(source: try textSource(url), options: options)
    case .googleFit:
      guard try ImportFormatDetector.isText(url: url) else { throw .notText(path: url.path) }
      return try GoogleFitReader(url: url)
    case .healthConnect:
      return try HealthConnectReader(url: url)
    case .garmin:
      guard try ImportFormatDetector.isText(url: url) else { throw .notText(path: url.path) }
      return try GarminHydrationReader(url: url, options: options)
    case .csv:
      return try PlainCSVReader(source: try textSource(url), options: options)
    }
  }

  /// The file for a CSV reader; even with `--format`, a binary file is named as such rather
  /// than read as a header of garbage.
  private static func textSource(_ url: URL) throws(ImportError) -> FileByteSource {
    guard try ImportFormatDetector.isText(url: url) else { throw .notText(path: url.path) }
    return try FileByteSource(path: url.path)
  }
}
