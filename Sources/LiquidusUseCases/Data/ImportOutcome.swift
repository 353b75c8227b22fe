import LiquidusModel
import LiquidusSources

/// What importing one path came to: a file's report, a bundle's, or a refusal before anything
/// was written.
public enum ImportOutcome: Sendable {
  /// One file, read to its end or to a failure part-way.
  case file(ImportReport, seconds: Double, settings: ImportSettings)
  /// A folder or zip of several exports.
  case bundle(BundleImportReport, path: String, seconds: Double, settings: ImportSettings)
  /// The file could not be opened or read at all; nothing was written.
  case refused(ImportError)

  /// What the person should know beside the report, in the domain's words; nil when all went
  /// well. A front end words it with its own means (the command line names its flags).
  public var problem: ImportProblem? {
    switch self {
    case .refused: return nil
    case .file(let report, _, let settings):
      if let failure = report.failure {
        let kept: ImportProblem.Kept =
          report.discarded
          ? .nothingDamagedArchive
          : settings.strict || settings.dryRun ? .nothing : .rowsBeforeTheFailure
        return .failed(failure, kept: kept)
      }
      if report.rejectedCount > 0 {
        return .rejectedRows(
          report.rejectedCount, path: report.path, rolledBack: report.strictRollback != nil)
      }
      return nil
    case .bundle(let report, let path, _, _):
      guard report.hasProblems else { return nil }
      return .bundleHadProblems(path: path, rolledBack: report.strictRolledBack)
    }
  }

  /// Every failure behind the outcome, in the order of its files: a front end turns each into
  /// its own status (an exit code, an HTTP status) and keeps the worst.
  public var failures: [ImportVerdict] {
    switch self {
    case .refused(let error): return [.failed(error)]
    case .file(let report, _, _):
      if let failure = report.failure { return [.failed(failure)] }
      return report.hasRejections ? [.badRows] : []
    case .bundle(let report, _, _, _):
      guard report.hasProblems else { return [] }
      return report.unreadableFolders.map(ImportVerdict.failed)
        + report.reports.compactMap { source in
          source.failure.map(ImportVerdict.failed) ?? (source.hasRejections ? .badRows : nil)
        }
    }
  }
}

/// Why an import was not clean.
public enum ImportVerdict: Sendable {
  /// Some rows were rejected; the others were imported (or none, when strict).
  case badRows
  /// The file failed.
  case failed(ImportError)
}

/// What went wrong with an import, and what of it was kept.
public enum ImportProblem: Sendable {
  /// What a failure part-way left in the database.
  public enum Kept: Sendable {
    /// A damaged archive: nothing from it.
    case nothingDamagedArchive
    /// A strict import or a dry run: nothing from the file.
    case nothing
    /// The entries read before the failure.
    case rowsBeforeTheFailure
  }

  /// The file failed part-way.
  case failed(ImportError, kept: Kept)
  /// `count` rows of `path` were rejected; `rolledBack` when that kept the whole file out.
  case rejectedRows(Int, path: String, rolledBack: Bool)
  /// Some files of a folder or zip had bad rows or failed.
  case bundleHadProblems(path: String, rolledBack: Bool)
}
