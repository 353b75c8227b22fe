import Foundation
import LiquidusModel
import LiquidusSources
import LiquidusStore

extension ImportFiles {
  /// A Liquidus CSV export with entry ids, brought in as the entries it lists rather than as
  /// new rows: each keeps its id, so a database rebuilt from the CSV and the one it came from
  /// stay one set of entries (a later `merge` of either adds nothing), and importing the file
  /// again adds nothing. Entries this database has already are left as the newer side has
  /// them, as a merge would; nil when the file cannot be read that way, for the row import to
  /// report.
  /// - Throws: ``ImportError/unreadableExport(path:format:reason:)`` for a row holding what
  ///   Liquidus would not store (a merge would refuse it); nothing is imported then.
  func importEntriesWithIDs(
    _ path: String, store: DrinkStore, settings: ImportSettings
  ) throws -> ImportReport? {
    guard let snapshot = try? ExportedCSVReader.snapshot(of: path) else { return nil }
    return try refusedAsImport(path) {
      try importEntries(of: snapshot, store: store, settings: settings, format: nil)
    }
  }

  /// A Liquidus JSON export, brought in as its entries with their ids, as a CSV export with
  /// ids is: `import` takes what `export` writes.
  /// - Throws: ``ImportError/unreadableExport(path:format:reason:)`` for an object that is not
  ///   an entry Liquidus would store; nothing is imported then.
  func importJSONExport(
    _ path: String, store: DrinkStore, settings: ImportSettings
  ) throws -> ImportReport {
    try refusedAsImport(path) {
      try importEntries(
        of: try ExportedJSONReader.snapshot(of: path), store: store, settings: settings,
        format: "Liquidus JSON export")
    }
  }

  /// Runs `body`, saying a merge's refusal of the file as an import's.
  private func refusedAsImport<Result>(
    _ path: String, _ body: () throws -> Result
  ) throws -> Result {
    do {
      return try body()
    } catch StoreError.mergeSourceRejected(_, let reason) {
      throw ImportError.unreadableExport(path: path, format: .csv, reason: reason)
    } catch StoreError.mergeSourceUnrecognized {
      throw ImportError.unrecognizedFormat(path: path)
    }
  }

  /// Merges `snapshot` in and reports it as an import: entries new here added, the rest
  /// duplicates. `format` names it in the report when it is not a CSV.
  private func importEntries(
    of snapshot: MergeSnapshot, store: DrinkStore, settings: ImportSettings, format: String?
  ) throws -> ImportReport {
    let path = snapshot.path
    let here = try store.mergeSnapshot()
    let known = Set(here.entries.map(\.uid)).union(here.tombstones.map(\.uid))
    // An import without a clock (a test's) checks no upper limit on times.
    let tally = try store.merge(
      snapshot, now: settings.now ?? .distantFuture, dryRun: settings.dryRun)
    var report = ImportReport(path: path, format: .csv, detected: true, dryRun: settings.dryRun)
    report.formatName = format ?? report.formatName
    var added: [String: Int] = [:]
    var order: [String] = []
    for entry in snapshot.entries where !known.contains(entry.uid) {
      if added[entry.typeName] == nil { order.append(entry.typeName) }
      added[entry.typeName, default: 0] += 1
    }
    report.tally.addedByType = order.map { ImportTally.TypeCount(type: $0, count: added[$0]!) }
    report.tally.createdTypes = tally.createdTypes
    report.tally.duplicatesSkipped = snapshot.entries.count - added.values.reduce(0, +)
    return report
  }
}
