/// A sequential source of raw bytes (a plain file or an inflating zip entry).
///
/// Readers pull from it in chunks into their own buffer, so a source never holds more than
/// a few chunks however large the file is.
protocol ByteSource: AnyObject {
  /// The path shown in error messages.
  var path: String { get }
  /// Bytes consumed so far, in the unit of ``totalBytes``.
  var bytesRead: Int64 { get }
  /// The size to report progress against, if known.
  var totalBytes: Int64? { get }
  /// Copies up to `count` bytes to `destination`; returns 0 only at the end of the data.
  func read(into destination: UnsafeMutableRawPointer, count: Int) throws(ImportError) -> Int
}
