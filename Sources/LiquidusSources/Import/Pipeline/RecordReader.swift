/// A streaming reader that turns one import file into ``ReaderEvent``s, in constant memory.
///
/// Readers are single-use and not thread-safe: call ``next()`` from one task until it returns
/// nil. Open one with ``RecordReaders/open(url:format:options:)``.
///
/// ```swift
/// let reader = try RecordReaders.open(url: url, format: .appleHealth, options: options)
/// while let event = try reader.next() { ... }
/// ```
public protocol RecordReader: AnyObject {
  /// The format this reader parses.
  var format: ImportFormat { get }
  /// Bytes consumed so far, for a progress bar; same unit as ``totalBytes`` (compressed bytes
  /// for a zip, file bytes otherwise).
  var bytesRead: Int64 { get }
  /// The total to compare ``bytesRead`` with, when known.
  var totalBytes: Int64? { get }
  /// Returns the next event, or nil at the end of the file.
  /// - Throws: ``ImportError`` when the file as a whole cannot be read further.
  func next() throws(ImportError) -> ReaderEvent?
}

/// A reader of a CSV dialect: its progress is its scanner's.
protocol CSVRecordReader: RecordReader {
  var scanner: CSVScanner { get }
}

extension CSVRecordReader {
  var bytesRead: Int64 { scanner.window.source.bytesRead }
  var totalBytes: Int64? { scanner.window.source.totalBytes }
}
