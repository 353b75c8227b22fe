import Foundation

/// Everything Liquidus knows about one import format, in one value: its name after `--format`,
/// its line in `import --help`, the names its app gives its files, what its content looks like,
/// and how to open its reader.
///
/// The descriptors are listed once, in ``ImportFormats/all``; help, detection
/// (``ImportFormatDetector/detect(url:)``), the search of a folder or zip (``BundleFileNames``)
/// and ``RecordReaders/open(url:format:options:)`` are derived from that list. So a new format
/// is its reader, its descriptor, its fixture and its tests, and no place that needs to know it
/// can be forgotten.
public struct ImportFormatDescriptor: Sendable {
  /// Opens a file as this format; CSV readers read and check the header here.
  typealias Opener =
    @Sendable (_ url: URL, _ options: ImportOptions) throws(ImportError) -> any RecordReader

  /// The format this describes.
  public let format: ImportFormat
  /// What follows `--format`, and what reports and errors call the format.
  public var name: String { format.rawValue }
  /// One line for `import --help`: what the file is and where it comes from.
  public let summary: String
  /// The names the format's app gives its files, for finding them among the other files of a
  /// folder or zip; empty when no app names them (a CSV of any name).
  let fileNames: [FileNamePattern]
  /// What the format's content looks like, for `--format auto`, each rule at its step.
  let content: [ContentRule]
  /// How a file of this format is opened.
  let open: Opener
}
