import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusUseCases
import Synchronization

/// Prints each file's import report as it ends, with the command line's advice (which names
/// its flags) on standard error, and readies the progress bar for the next file.
final class ImportOutcomePrinter: Sendable {
  private let bar: ProgressBar
  private let printed = Mutex(0)

  init(bar: ProgressBar) {
    self.bar = bar
  }

  /// Prints `outcome`: a blank line between files, the report, and what to do about it.
  func print(_ outcome: ImportOutcome) {
    bar.clear()
    defer { bar.restart() }
    if printed.withLock({ count in
      defer { count += 1 }
      return count
    }) > 0 {
      Terminal.print()
    }
    switch outcome {
    case .refused(let error):
      Terminal.warn("error: \(error.message)")
      return
    case .file(let report, let seconds, _):
      Terminal.print(report.text(seconds: seconds, remedies: Remedy.commandLine))
    case .bundle(let report, _, let seconds, _):
      Terminal.print(report.text(seconds: seconds, remedies: Remedy.commandLine))
    }
    if let problem = outcome.problem {
      Terminal.warn("error: " + Self.advice(problem, dryRun: outcome.isDryRun))
    }
  }

  /// The problem in words, with the flags that change it.
  /// - Parameter dryRun: whether nothing was to be written, so that the advice never says
  ///   that the other rows were imported.
  static func advice(_ problem: ImportProblem, dryRun: Bool = false) -> String {
    switch problem {
    case .failed(let failure, let kept):
      let keptText =
        switch kept {
        case .nothingDamagedArchive:
          "The archive is damaged, so nothing from it was kept; download or export it again."
        case .nothing: "Nothing from this file was written."
        case .rowsBeforeTheFailure:
          "Entries read before the failure were kept; importing a good copy adds only the rest."
        }
      return "\(failure.message) \(keptText)"
    case .rejectedRows(let count, let path, let rolledBack):
      let rows = count == 1 ? "1 row was" : "\(count) rows were"
      return "\(rows) rejected in \(path) (listed above with line numbers). "
        + (dryRun
          ? "This was a dry run (--dry-run), so nothing was imported; without it the other "
            + "rows would be. Fix these rows first, or import without --dry-run to take the rest."
          : rolledBack
            ? "Nothing was imported (--strict); fix the rows and import again."
            : "The other rows were imported; fix these and import the file again "
              + "(rows already imported are not added twice).")
    case .bundleHadProblems(let path, let rolledBack):
      return "some files in \(path) had bad rows or failed (listed above). "
        + (dryRun
          ? "This was a dry run (--dry-run), so nothing was imported; without it everything "
            + "else would be."
          : rolledBack
            ? "Nothing was imported (--strict); fix them and import again."
            : "Everything else was imported; fix them and import again (what is already"
              + " imported is not added twice).")
    }
  }
}

extension ImportOutcome {
  /// Whether the import was a dry run, which writes nothing whatever the rows.
  var isDryRun: Bool {
    switch self {
    case .file(_, _, let settings), .bundle(_, _, _, let settings): settings.dryRun
    case .refused: false
    }
  }
}

extension ImportVerdict {
  /// The exit status this verdict calls for.
  var exitStatus: ExitStatus {
    switch self {
    case .badRows: .dataError
    case .failed(let error): error.exitStatus
    }
  }
}

extension ExitStatus {
  /// The worst of `statuses`: 1 (something failed) outranks 65 (bad data); nil for none.
  static func worst(_ statuses: [ExitStatus]) -> ExitStatus? {
    if statuses.contains(.failure) { return .failure }
    if statuses.contains(.dataError) { return .dataError }
    return statuses.first
  }
}
