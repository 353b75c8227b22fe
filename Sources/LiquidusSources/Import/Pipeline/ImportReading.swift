import Foundation
import LiquidusModel
import LiquidusStore

/// The reader half of one file's import: takes events from a reader, checks each record
/// against the limits `log` applies, counts rejections and skipped record types, and hands the
/// good records to the store's ``BulkImport``.
final class ImportReading {
  private let session: BulkImport
  private let settings: ImportSettings

  init(session: BulkImport, settings: ImportSettings) {
    self.session = session
    self.settings = settings
  }

  /// Reads `reader` to its end into `report`, then
  /// keeps the records or, for a dry run or a failed strict import, rolls them back.
  func run(
    _ reader: any RecordReader, into report: inout ImportReport,
    progress: (Int64, Int64?) -> Void
  ) throws {
    // The file is read on one core while the database takes the records on the other.
    try readAll(PrefetchingReader(reader), into: &report, progress: progress)
    if case .corruptZip = report.failure {
      // The archive failed verification: none of what was read from it can be trusted.
      try session.discard()
      report.discarded = true
      return
    }
    let failedStrict =
      report.strictRollback != nil || (settings.strict && report.failure != nil)
    report.tally = try session.finish(keep: !failedStrict)
  }

  private func readAll(
    _ reader: PrefetchingReader, into report: inout ImportReport,
    progress: (Int64, Int64?) -> Void
  ) throws {
    // Skipped records are counted on the reading thread; their counts join the report however
    // reading ends.
    defer { report.otherSkipped.merge(reader.skippedCounts, uniquingKeysWith: +) }
    var events = 0
    while true {
      let event: ReaderEvent?
      do {
        event = try reader.next()
      } catch {
        report.failure = error
        return
      }
      guard let event else { break }
      events &+= 1
      if events & 0xFFF == 0 { progress(reader.bytesRead, reader.totalBytes) }
      switch event {
      case .record(let record):
        if let reason = implausibility(of: record) {
          reject(line: record.line, reason: reason, into: &report)
          continue
        }
        switch try session.add(record, key: reader.key) {
        case .queued: break
        case .empty: report.emptySkipped += 1
        case .rejected(let reason, let remedy):
          reject(line: record.line, reason: reason, remedy: remedy, into: &report)
        }
      case .rejected(let line, let reason):
        reject(line: line, reason: reason, into: &report)
      case .skipped:
        break  // never handed over: counted on the reading thread (skippedCounts)
      case .food(let drink, let caffeine):
        guard case .drink(_, let milliliters) = drink.content,
          case .caffeine(let milligrams) = caffeine.content,
          EntryLimits.caffeineProblem(milligrams) == nil
        else { continue }
        session.link(
          FoodLink(
            drinkInstant: drink.instant, milliliters: milliliters, drinkSource: drink.sourceName,
            caffeineInstant: caffeine.instant, milligrams: milligrams,
            caffeineSource: caffeine.sourceName))
      }
    }
    progress(reader.bytesRead, reader.totalBytes)
  }

  /// Counts a bad row; under `--strict` the first one dooms the file, and reading goes on so
  /// that every bad row is listed.
  private func reject(
    line: Int, reason: String, remedy: Remedy? = nil, into report: inout ImportReport
  ) {
    report.rejectedCount += 1
    let rejection = ImportReport.Rejection(line: line, reason: reason, remedy: remedy)
    if report.rejections.count < ImportReport.rejectionsKept {
      report.rejections.append(rejection)
    }
    // --strict keeps reading, so that one run lists every bad row (the first 20, then a
    // count) instead of one per attempt; nothing is kept either way.
    if settings.strict && report.strictRollback == nil { report.strictRollback = rejection }
  }

  /// Why a record that the reader could parse still cannot be an entry, if it cannot: the
  /// limits every way in keeps (``EntryLimits``: those of `log`), so that an import never
  /// stores what `log` would refuse, and never an amount, caffeine or date that would overflow
  /// a total, a view or a calendar computation later.
  private func implausibility(of record: ImportedRecord) -> String? {
    if let problem = EntryLimits.instantProblem(record.instant, now: settings.now) {
      return problem
    }
    switch record.content {
    case .drink(_, let milliliters):
      // 0 mL (and less) is a record of nothing drunk, which the store counts as empty.
      return (milliliters <= 0 ? nil : EntryLimits.volumeProblem(milliliters))
        ?? record.caffeine.flatMap { EntryLimits.caffeineProblem($0, milliliters: milliliters) }
    case .caffeine(let milligrams):
      return EntryLimits.caffeineProblem(milligrams)
    case .workout(_, let minutes):
      // The readers skip a workout out of range; this is the backstop for any other.
      return Workout.isPlausible(minutes: minutes)
        ? nil : "a workout of \(minutes) minutes; a workout lasts from a minute to 24 hours"
    }
  }

}
