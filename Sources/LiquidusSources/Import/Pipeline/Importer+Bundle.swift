import Foundation
import LiquidusModel
import LiquidusStore

/// What importing a folder or zip of several exports did: one ``ImportReport`` per file found.
public struct BundleImportReport: Sendable {
  /// The folder or zip as the user named it.
  public var path: String
  /// One report per source, in the bundle's path order; each names `path/member`.
  public var reports: [ImportReport]
  /// With `--strict`: some source had a bad row or failed, so nothing from any was kept.
  public var strictRolledBack = false
  /// Whether this was a dry run.
  public var dryRun: Bool
  /// Sub-folders that could not be read, each as the failure naming it (`path/sub`).
  public var unreadableFolders: [ImportError] = []
  /// Files in no format Liquidus knows, as `path/member`, in path order.
  public var notRead: [String] = []

  /// Whether any source had a bad row or failed, or a sub-folder could not be read.
  public var hasProblems: Bool {
    !unreadableFolders.isEmpty || reports.contains { $0.hasRejections || $0.failure != nil }
  }
}

extension Importer {
  /// Imports every file that ``ExportBundle`` finds in the folder or zip at `url`, each with
  /// its own format, in one run.
  ///
  /// Each source is imported like a single file (its own batches, so an interrupted run can
  /// simply be repeated, and re-imports add nothing). A source that cannot be opened is
  /// reported as failed and the others go on. With `--strict` the bundle is all or nothing:
  /// every source is first read in a dry run, and only when none has a bad row are they
  /// imported; otherwise the report lists the bad rows and nothing is written.
  ///
  /// - Parameters:
  ///   - url: The folder or zip.
  ///   - path: How the report names it (the argument as given).
  ///   - only: With `--format`: only the sources of that format.
  ///   - options: As for a file.
  ///   - progress: Per source, as for a file.
  /// - Throws: ``ImportError`` when the folder or zip cannot be read at all, or holds nothing
  ///   Liquidus reads; store errors as for a file.
  public func importBundle(
    at url: URL, path: String, only: ImportFormat? = nil, options: ImportOptions,
    progress: (_ bytesRead: Int64, _ totalBytes: Int64?) -> Void = { _, _ in }
  ) throws -> BundleImportReport {
    let bundle = try ExportBundle(url: url)
    let sources = bundle.sources.filter { only == nil || $0.format == only }
    let unreadable = bundle.unreadable.map { folder in
      ImportError.unreadableFile(
        path: Self.memberPath(folder.path, in: path), reason: folder.reason)
    }
    guard !sources.isEmpty || !unreadable.isEmpty else {
      throw ImportError.nothingToImport(path: path, searchedFor: only, holds: bundle.notRead)
    }
    // With --format, files of other known formats were chosen against, not missed.
    let notRead = bundle.notRead.map { Self.memberPath($0, in: path) }
    if settings.strict && !settings.dryRun {
      var rehearsal = settings
      rehearsal.dryRun = true
      let trial = try Importer(store: store, settings: rehearsal).importEach(
        sources, of: bundle, path: path, options: options, progress: progress)
      if trial.contains(where: { $0.hasRejections || $0.failure != nil }) {
        return BundleImportReport(
          path: path, reports: trial.map(Self.nothingKept), strictRolledBack: true,
          dryRun: false, unreadableFolders: unreadable, notRead: notRead)
      }
    }
    let reports = try importEach(
      sources, of: bundle, path: path, options: options, progress: progress)
    return BundleImportReport(
      path: path, reports: reports, dryRun: settings.dryRun, unreadableFolders: unreadable,
      notRead: notRead)
  }

  /// `path/member`, as a bundle's report names what it holds.
  private static func memberPath(_ member: String, in path: String) -> String {
    path.hasSuffix("/") ? path + member : path + "/" + member
  }

  private func importEach(
    _ sources: [ExportBundle.Source], of bundle: ExportBundle, path: String,
    options: ImportOptions, progress: (Int64, Int64?) -> Void
  ) throws -> [ImportReport] {
    try sources.map { source in
      let name = Self.memberPath(source.path, in: path)
      do {
        let file = try bundle.file(for: source)
        defer { file.done() }
        var report = try importFile(
          at: file.url, format: source.format, options: options, progress: progress)
        report.path = name
        report.detected = true
        return report
      } catch let error as ImportError {
        var report = ImportReport(
          path: name, format: source.format, detected: true, dryRun: settings.dryRun)
        report.failure = error
        return report
      }
    }
  }

  /// A rehearsal's report for a strict bundle that was not imported: its problems, no counts.
  private static func nothingKept(_ trial: ImportReport) -> ImportReport {
    var report = trial
    report.dryRun = false
    report.tally = ImportTally()
    report.emptySkipped = 0
    if report.strictRollback == nil, let first = trial.rejections.first {
      report.strictRollback = first
    }
    return report
  }
}
