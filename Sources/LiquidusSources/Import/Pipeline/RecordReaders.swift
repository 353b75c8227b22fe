import Foundation

/// Opens the reader for a file and format, as the format's ``ImportFormatDescriptor`` says.
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
    try format.descriptor.open(url, options)
  }

  /// The file for a CSV reader; even with `--format`, a binary file is named as such rather
  /// than read as a header of garbage.
  static func textSource(_ url: URL) throws(ImportError) -> FileByteSource {
    guard try ImportFormatDetector.isText(url: url) else { throw .notText(path: url.path) }
    return try FileByteSource(path: url.path)
  }
}
