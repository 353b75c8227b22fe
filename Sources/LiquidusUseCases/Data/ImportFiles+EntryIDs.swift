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
  func importEntriesWithIDs(
    _ path: String, store: DrinkStore, settings: ImportSettings
  ) -> ImportReport? {
    guard let snapshot = try? ExportedCSVReader.snapshot(of: path),
      let here = try? store.mergeSnapshot()
    else { return nil }
    let known = Set(here.entries.map(\.uid)).union(here.tombstones.map(\.uid))
    // An import without a clock (a test's) checks no upper limit on times.
    guard
      let tally = try? store.merge(
        snapshot, now: settings.now ?? .distantFuture, dryRun: settings.dryRun)
    else { return nil }
    var report = ImportReport(path: path, format: .csv, detected: true, dryRun: settings.dryRun)
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
