import Foundation
import ZIPFoundation

// Detection of a file on disk: what is read of it at each step, and in what order the
// registry's rules are asked (the rules themselves are in Formats/, one file per format). A zip
// is opened to see which export it holds, which needs ZIPFoundation (and so stays out of the
// fuzz targets, which compile the readers without it).
extension ImportFormatDetector {
  /// Detects the format of `url`.
  ///
  /// The steps, each asking the formats' ``ContentRule``s in the registry's order: a zip (by
  /// extension or signature) is judged by what it holds, and a zip no format claims by that is
  /// Apple Health's; then the first 64 KiB are read as they are (an SQLite signature); then,
  /// without a byte-order mark and leading blank space, as text: its first character (`<`, or
  /// JSON, which is refused when no format claims it), a marker word (`<HealthData`, Samsung
  /// Health's data type on line 1), and last the first line as a CSV header, the formats' own
  /// headers before the loose ones (health-auto-export, then any header of two or more columns,
  /// the plain csv, whose reader then names missing columns and suggests `--map`).
  ///
  /// - Throws: ``ImportError/unrecognizedFormat(path:)`` listing the formats, or the errors of
  ///   an unreadable or empty file.
  public static func detect(url: URL) throws(ImportError) -> ImportFormat {
    if url.pathExtension.lowercased() == "zip" { return try zipFormat(url: url) }
    if try isZip(url: url) { return try zipFormat(url: url) }
    var sample = DetectionSample(head: try prefix(of: url)[...])
    if let format = claim(at: .signature, sample) { return format }
    var bytes = sample.head
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    while let first = bytes.first, first == 0x20 || first == 0x0A || first == 0x0D || first == 0x09
    {
      bytes = bytes.dropFirst()
    }
    guard !bytes.isEmpty else { throw .emptyFile(path: url.path) }
    guard looksLikeText(bytes) else { throw .notText(path: url.path) }
    let text = TextSample(bytes)
    sample.text = text
    if let format = claim(at: .opening, sample) { return format }
    // JSON that no format claims is none of them, and never read as a CSV header.
    if text.opens(with: "{") || text.opens(with: "[") {
      throw .unrecognizedFormat(path: url.path)
    }
    if let format = claim(at: .marker, sample) { return format }
    sample.header = CSVHeader(names: splitHeader(text.firstLine))
    if let format = claim(at: .header, sample) ?? claim(at: .looseHeader, sample) {
      return format
    }
    throw .unrecognizedFormat(path: url.path)
  }

  /// The format of a zip, by what it holds; a damaged zip is claimed too (by Apple Health,
  /// whose reader's errors say what is wrong with it).
  static func zipFormat(url: URL) throws(ImportError) -> ImportFormat {
    let sample = DetectionSample(archive: try? ZipArchive(url: url))
    if let format = claim(at: .zip, sample) ?? claim(at: .anyZip, sample) { return format }
    throw .unrecognizedFormat(path: url.path)
  }

  /// The first format in the registry with a rule at `step` that claims `sample`.
  private static func claim(at step: DetectionStep, _ sample: DetectionSample) -> ImportFormat? {
    ImportFormats.all.first { descriptor in
      descriptor.content.contains { $0.step == step && $0.claims(sample) }
    }?.format
  }
}
