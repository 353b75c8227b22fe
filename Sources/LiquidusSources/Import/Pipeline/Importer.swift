import Foundation
import LiquidusModel
import LiquidusStore

/// Imports files into a ``DrinkStore``: never losing, duplicating or inventing an entry.
///
/// Each file is read as a stream (constant memory) and written in transactions of
/// ``ImportSettings/batchSize`` records, so a kill or crash leaves whole batches and
/// re-running the import finishes the job exactly (``ImportKey`` makes re-imports add
/// nothing). `--strict` and `--dry-run` use one transaction for the whole file instead.
///
/// ```swift
/// let importer = Importer(store: store, settings: ImportSettings())
/// let report = try importer.importFile(
///   at: url, format: nil, options: ImportOptions(defaultTimeZone: zone))
/// print(report.text(seconds: 1.2))
/// ```
public struct Importer: Sendable {
  /// The database written to.
  public let store: DrinkStore
  /// Type mapping, strictness, dry run and batch size.
  public let settings: ImportSettings

  /// Creates an importer.
  public init(store: DrinkStore, settings: ImportSettings) {
    self.store = store
    self.settings = settings
  }

  /// Imports one file.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - format: The format, or nil to detect it (``ImportFormatDetector``).
  ///   - options: What the readers need: column map and the zone of offset-less dates.
  ///   - progress: Called every few thousand records with bytes read and the total, if known.
  /// - Returns: What the import did. A file that fails part-way (a truncated export) returns a
  ///   report with ``ImportReport/failure`` set: the batches before the failure are kept.
  /// - Throws: ``ImportError`` when the file cannot be opened or its header is unusable
  ///   (nothing was written), ``StoreError`` for a `--type-map` naming an unknown type, and
  ///   database errors (the batch in flight is rolled back).
  public func importFile(
    at url: URL, format: ImportFormat?, options: ImportOptions,
    progress: (_ bytesRead: Int64, _ totalBytes: Int64?) -> Void = { _, _ in }
  ) throws -> ImportReport {
    let chosen = try format ?? ImportFormatDetector.detect(url: url)
    let reader = try RecordReaders.open(url: url, format: chosen, options: options)
    var report = ImportReport(
      path: url.path, format: chosen, detected: format == nil, dryRun: settings.dryRun)
    let inputBytes = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize.map(Int64.init)
    try store.importing(with: settings, inputBytes: inputBytes ?? nil) { session in
      try ImportReading(session: session, settings: settings)
        .run(reader, into: &report, progress: progress)
    }
    return report
  }

  /// Imports the file at `path`, which may also be `-` (standard input), a pipe or a FIFO:
  /// those are read once into a private temporary copy (see ``SpooledInput``). The report
  /// names `path` as given.
  public func importFile(
    atPath path: String, format: ImportFormat?, options: ImportOptions,
    progress: (_ bytesRead: Int64, _ totalBytes: Int64?) -> Void = { _, _ in }
  ) throws -> ImportReport {
    let input = try SpooledInput(path: path)
    defer { input.remove() }
    var report = try importFile(
      at: input.url, format: format, options: options, progress: progress)
    report.path = path
    return report
  }
}
