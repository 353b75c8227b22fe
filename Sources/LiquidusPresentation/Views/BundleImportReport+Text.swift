import Foundation
import LiquidusModel
import LiquidusSources

extension BundleImportReport {
  /// The one report of a folder or zip of several exports, one line per file found, e.g.
  ///
  ///     takeout.zip: 2 files imported
  ///       Takeout/Fit/All Data/raw_com.google.hydration_x.json (google-fit): 3 added,
  ///         0 caffeine, 0 duplicates, 0 skipped, 0 rejected
  ///       Health Connect.zip (health-connect): 120 added, 4 caffeine, 0 duplicates, ...
  ///       Total: 123 entries added (Water 123), 4 caffeine records, 0 duplicates, ...
  ///       Took 0.42 s
  ///
  /// followed by every source's rejected rows (`file:line: reason`) and failures. Each line
  /// starts with the file, so a screen reader says what a count belongs to first.
  ///
  /// - Parameters:
  ///   - seconds: How long the import took (measured by the caller).
  ///   - remedies: The caller's words for the controls the report points to (``Remedy``).
  public func text(seconds: Double, remedies: (Remedy) -> String?) -> String {
    let grouped = ImportReport.grouped
    // A file or folder name may hold line breaks: written out, so it cannot forge a line.
    func shown(_ path: String) -> String { TerminalText.visible(path, keepingLineBreaks: false) }
    let files = "\(reports.count) \(reports.count == 1 ? "file" : "files")"
    let outcome =
      dryRun ? "would be imported" : strictRolledBack ? "found, none imported" : "imported"
    // A dry run says what it would add, never that anything was added.
    let added = dryRun ? "to add" : "added"
    var lines = ["\(shown(path)): \(files) \(outcome)"]
    if dryRun { lines.append("  Dry run: nothing was written.") }
    if strictRolledBack {
      let strict = remedies(.strictImport) ?? Remedy.strictImport.domainWords ?? ""
      lines.append(
        "  Nothing imported (\(strict)): a file below has bad rows or failed, so no file was"
          + " imported.")
    }
    for report in reports {
      var line =
        "  \(shown(report.path)) (\(report.formatName)): \(grouped(report.drinksAdded)) \(added), "
        + "\(grouped(report.caffeineAdded)) caffeine, "
        + (report.workoutsAdded > 0 ? "\(grouped(report.workoutsAdded)) workouts, " : "")
        + "\(grouped(report.duplicatesSkipped)) duplicates, "
        + "\(grouped(report.otherSkippedCount + report.emptySkipped)) skipped, "
        + "\(grouped(report.rejectedCount)) rejected"
      if report.failure != nil { line += ", failed" }
      lines.append(line)
    }
    var byType: [String: Int] = [:]
    var order: [String] = []
    for report in reports {
      for count in report.addedByType {
        if byType[count.type] == nil { order.append(count.type) }
        byType[count.type, default: 0] += count.count
      }
    }
    let drinks = reports.reduce(0) { $0 + $1.drinksAdded }
    let workouts = reports.reduce(0) { $0 + $1.workoutsAdded }
    let types = order.map { "\($0) \(grouped(byType[$0] ?? 0))" }.joined(separator: ", ")
    lines.append(
      "  Total: \(grouped(drinks)) \(drinks == 1 ? "entry" : "entries") "
        + added + (types.isEmpty ? "" : " (\(types))")
        + ", \(grouped(reports.reduce(0) { $0 + $1.caffeineAdded })) caffeine records, "
        + (workouts > 0 ? "\(grouped(workouts)) workouts, " : "")
        + "\(grouped(reports.reduce(0) { $0 + $1.duplicatesSkipped })) duplicates, "
        + "\(grouped(reports.reduce(0) { $0 + $1.otherSkippedCount + $1.emptySkipped })) skipped, "
        + "\(grouped(reports.reduce(0) { $0 + $1.rejectedCount })) rejected")
    let created = reports.flatMap(\.createdTypes)
    if !created.isEmpty {
      lines.append(
        "  \(dryRun ? "Would create" : "Created") drink types: "
          + created.joined(separator: ", ") + ImportReport.aside(remedies(.listTypes)))
    }
    for report in reports where !report.otherSkipped.isEmpty {
      let kinds = report.otherSkipped.sorted { $0.key < $1.key }
        .map { "\($0.key) \(grouped($0.value))" }
      lines.append("  Skipped in \(shown(report.path)): " + kinds.joined(separator: ", "))
    }
    for report in reports {
      for rejection in report.rejections {
        lines.append(
          "  \(shown(report.path)):\(rejection.line): \(rejection.text(remedies: remedies))")
      }
      if report.rejectedCount > report.rejections.count {
        lines.append(
          "  \(shown(report.path)): ... and \(grouped(report.rejectedCount - report.rejections.count))"
            + " more rejected")
      }
      if let failure = report.failure {
        lines.append("  \(shown(report.path)) failed: \(failure.errorDescription ?? "\(failure)")")
      }
    }
    for failure in unreadableFolders {
      if case .unreadableFile(let folder, _) = failure {
        lines.append("  \(shown(folder)) failed: \(failure.errorDescription ?? "\(failure)")")
      }
    }
    if !notRead.isEmpty {
      lines.append(
        "  Not read, in no format Liquidus knows: "
          + shown(BundleFileNames.someOf(notRead))
          + ". A file of drinks can be imported on its own.")
    }
    lines.append("  Took \(String(format: "%.2f", seconds)) s")
    return lines.joined(separator: "\n")
  }
}
