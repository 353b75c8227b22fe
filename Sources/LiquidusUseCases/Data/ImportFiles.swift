import Foundation
import LiquidusModel
import LiquidusSources
import LiquidusStore

/// Brings health exports in: `import`, and an upload to the server.
///
/// Each path is one file (an export, a CSV, `-` for standard input) or a folder or zip of
/// several exports; each gives one ``ImportOutcome``, handed to the caller as soon as it is
/// known, so a front end can report a long import file by file.
public struct ImportFiles: UseCase {
  public init() {}

  /// What to import, and how.
  public struct Request: Sendable {
    /// Files, folders, zips, or `-`.
    public var paths: [String]
    /// The format of every file; nil to detect each.
    public var format: ImportFormat?
    /// CSV columns to read as fields (column name to field name).
    public var columnMap: [String: String]
    /// The source app's drink names to read as existing types.
    public var typeMap: [String: String]
    /// Whether one bad row keeps a whole file out.
    public var strict: Bool
    /// Whether to read and count only, writing nothing.
    public var dryRun: Bool
    /// Called with bytes read and the total (if known) every few thousand records.
    public var progress: @Sendable (_ bytesRead: Int64, _ totalBytes: Int64?) -> Void
    /// Called as each path's import ends (and before the next begins).
    public var finished: @Sendable (_ outcome: ImportOutcome) -> Void

    /// Creates a request.
    public init(
      paths: [String], format: ImportFormat? = nil, columnMap: [String: String] = [:],
      typeMap: [String: String] = [:], strict: Bool = false, dryRun: Bool = false,
      progress: @escaping @Sendable (Int64, Int64?) -> Void = { _, _ in },
      finished: @escaping @Sendable (ImportOutcome) -> Void = { _ in }
    ) {
      self.paths = paths
      self.format = format
      self.columnMap = columnMap
      self.typeMap = typeMap
      self.strict = strict
      self.dryRun = dryRun
      self.progress = progress
      self.finished = finished
    }
  }

  /// Imports every path in turn and returns their outcomes, in order.
  /// - Throws: ``StoreError`` for a database that cannot be used, or that was moved away while
  ///   it was written (an outcome names what went wrong with a file).
  public func run(_ request: Request, in context: CallContext) throws -> [ImportOutcome] {
    let importer = Importer(
      store: context.store,
      settings: ImportSettings(
        typeMap: request.typeMap, strict: request.strict, dryRun: request.dryRun,
        now: context.calendar.now))
    let options = ImportOptions(
      columnMap: request.columnMap, defaultTimeZone: context.calendar.timeZone,
      decimalSeparator: context.calendar.locale.decimalSeparator?.first ?? ".")
    var outcomes: [ImportOutcome] = []
    for path in request.paths {
      let outcome = try importOne(path, request, importer: importer, options: options)
      // SQLite writes on into a file moved or deleted under it: not an import to report.
      if !request.dryRun { try context.store.checkStillAtItsPath() }
      request.finished(outcome)
      outcomes.append(outcome)
    }
    return outcomes
  }

  /// One path: a folder or zip of several exports as one bundle, anything else as one file.
  /// A zip forced to be Apple Health's or Health Connect's export goes to that reader.
  private func importOne(
    _ path: String, _ request: Request, importer: Importer, options: ImportOptions
  ) throws -> ImportOutcome {
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    let zipForcedAsOneExport =
      !isFolder.boolValue && (request.format == .appleHealth || request.format == .healthConnect)
    let started = Date()
    func seconds() -> Double { Date().timeIntervalSince(started) }
    do {
      if path != "-", !zipForcedAsOneExport, ExportBundle.isBundle(url: URL(fileURLWithPath: path))
      {
        let report = try importer.importBundle(
          at: URL(fileURLWithPath: path), path: path, only: request.format, options: options,
          progress: request.progress)
        return .bundle(report, path: path, seconds: seconds(), settings: importer.settings)
      }
      if path != "-", request.format == nil || request.format == .csv,
        ExportedCSVReader.hasEntryIDs(atPath: path),
        let report = try importEntriesWithIDs(
          path, store: importer.store, settings: importer.settings)
      {
        return .file(report, seconds: seconds(), settings: importer.settings)
      }
      if path != "-", request.format == nil, ExportedJSONReader.isExport(atPath: path) {
        let report = try importJSONExport(path, store: importer.store, settings: importer.settings)
        return .file(report, seconds: seconds(), settings: importer.settings)
      }
      let report = try importer.importFile(
        atPath: path, format: request.format, options: options, progress: request.progress)
      return .file(report, seconds: seconds(), settings: importer.settings)
    } catch let error as ImportError {
      return .refused(error)
    }
  }
}
