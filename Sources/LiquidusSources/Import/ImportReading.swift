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
        switch try session.add(record) {
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
          case .caffeine(let milligrams) = caffeine.content
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
  /// same limits `log` applies (``AmountParser/absoluteLimit``, ``EntryError``), so that an
  /// import never stores what `log` would refuse, and never an amount or date that would
  /// overflow a total or a calendar computation later.
  private func implausibility(of record: ImportedRecord) -> String? {
    // Formatted only for a rejection: a Calendar per record would slow a large import.
    func when() -> String { ClockText.iso8601(record.instant, timeZone: Self.utc) }
    if record.instant < EntryError.earliest {
      return "the date \(when()) is before 1970, which looks like a typo in the year"
    }
    if let now = settings.now, record.instant > EntryError.latest(now: now) {
      return "the date \(when()) is in the future; check the year and the time zone of the file"
    }
    if case .drink(_, let milliliters) = record.content,
      !(milliliters <= AmountParser.absoluteLimit.milliliters)
    {
      let amount = milliliters < 1e12 ? "\(Int(milliliters.rounded())) mL" : "the amount"
      return "\(amount) is more than anyone drinks at once (the limit is "
        + "\(Int(AmountParser.absoluteLimit.milliliters)) mL); check the number and the unit"
    }
    // Nothing (0 mL) is skipped as empty; a trace such as 5e-324 mL would be kept as a
    // "0 mL" drink, which `log` refuses too.
    if case .drink(_, let milliliters) = record.content, milliliters > 0,
      milliliters < AmountParser.smallest.milliliters
    {
      return "\(milliliters) mL is less than \(AmountParser.smallest.milliliters) mL, the smallest"
        + " amount an entry keeps; check the number and the unit"
    }
    return nil
  }

  private static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!

}
