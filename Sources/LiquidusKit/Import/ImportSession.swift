import Foundation
import GRDB

/// One file's import on one connection: reads events, resolves types, writes in batches.
final class ImportSession {
  private let db: Database
  private let settings: ImportSettings
  private let writer: ImportWriter
  private let types: ImportTypeResolver
  private var lastSource: String?
  private var lastSourceKey: [UInt8] = []
  private var sourceKeys: [String: [UInt8]] = [:]
  private var lastSkippedType: String?
  private var lastSkippedCount = 0

  /// Whether the whole file is one transaction (strict or dry run) rather than batches.
  private var singleTransaction: Bool { settings.strict || settings.dryRun }

  init(db: Database, settings: ImportSettings) throws {
    self.db = db
    self.settings = settings
    writer = try ImportWriter(db)
    types = try ImportTypeResolver(typeMap: settings.typeMap, db)
  }

  /// Reads `reader` to its end (or its first bad row under `--strict`) into `report`.
  func run(
    _ reader: any RecordReader, into report: inout ImportReport,
    progress: (Int64, Int64?) -> Void
  ) throws {
    try begin()
    do {
      try readAll(reader, into: &report, progress: progress)
      finishSkippedCount(into: &report)
      try writer.flush()
      report.caffeineAdded = writer.caffeineAdded
      report.duplicatesSkipped = writer.duplicates
      report.addedByType = try addedByTypeInListOrder()
      report.createdTypes = types.createdTypes
      if settings.dryRun || report.strictRollback != nil
        || (settings.strict && report.failure != nil)
      {
        try db.rollback()
      } else {
        try commit()
      }
    } catch {
      if db.isInsideTransaction { try? db.rollback() }
      throw error
    }
    if report.strictRollback != nil || (settings.strict && report.failure != nil) {
      // Nothing was kept: say so in the counts rather than report what was undone.
      report.addedByType = []
      report.createdTypes = []
      report.caffeineAdded = 0
      report.duplicatesSkipped = 0
    }
  }

  private func readAll(
    _ reader: any RecordReader, into report: inout ImportReport,
    progress: (Int64, Int64?) -> Void
  ) throws {
    var inBatch = 0
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
          if reject(line: record.line, reason: reason, into: &report) { return }
          continue
        }
        try add(record, to: &report)
        inBatch += 1
        if inBatch >= settings.batchSize && !singleTransaction {
          try commit()
          // A breath between batches: a `log` waiting for the write lock polls every
          // millisecond (see DrinkStore.configuration) and gets in here, instead of waiting
          // for the whole import. Costs 2 ms per 10,000 records.
          usleep(2_000)
          try begin()
          inBatch = 0
        }
      case .rejected(let line, let reason):
        if reject(line: line, reason: reason, into: &report) { return }
      case .skipped(let recordType):
        countSkipped(recordType, into: &report)
      }
    }
    progress(reader.bytesRead, reader.totalBytes)
  }

  /// Counts a bad row; true when `--strict` means reading stops here.
  private func reject(line: Int, reason: String, into report: inout ImportReport) -> Bool {
    report.rejectedCount += 1
    let rejection = ImportReport.Rejection(line: line, reason: reason)
    if report.rejections.count < ImportReport.rejectionsKept {
      report.rejections.append(rejection)
    }
    guard settings.strict else { return false }
    report.strictRollback = rejection
    return true
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
    return nil
  }

  private static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!

  private func add(_ record: ImportedRecord, to report: inout ImportReport) throws {
    let milliseconds = Int64((record.instant.timeIntervalSince1970 * 1000).rounded())
    let sourceKey = self.sourceKey(record.sourceName)
    switch record.content {
    case .drink(let typeName, let milliliters):
      guard milliliters > 0, milliliters.isFinite else {
        report.emptySkipped += 1
        return
      }
      let type = try types.resolve(typeName: typeName, sourceName: record.sourceName, db)
      try writer.addDrink(
        typeID: type.typeID, milliliters: milliliters, milliseconds: milliseconds,
        note: record.note, typeKey: type.keyBytes, sourceKey: sourceKey)
    case .caffeine(let milligrams):
      try writer.addCaffeine(
        milligrams: milligrams, milliseconds: milliseconds, sourceName: record.sourceName,
        sourceKey: sourceKey)
    }
  }

  /// The folded source name. Folding goes through Foundation (tens of microseconds), so it is
  /// done once per app: the last one is checked first (runs of records from one app), then a
  /// dictionary (exports interleave a handful of apps).
  private func sourceKey(_ source: String?) -> [UInt8] {
    if source == lastSource { return lastSourceKey }
    lastSource = source
    guard let source else {
      lastSourceKey = []
      return lastSourceKey
    }
    if let known = sourceKeys[source] {
      lastSourceKey = known
    } else {
      lastSourceKey = ImportKey.nameKey(source)
      sourceKeys[source] = lastSourceKey
    }
    return lastSourceKey
  }

  /// Counts runs of the same record type before touching the dictionary: exports group
  /// records by type, so this is one string compare per skipped record.
  private func countSkipped(_ recordType: String, into report: inout ImportReport) {
    if recordType == lastSkippedType {
      lastSkippedCount += 1
      return
    }
    finishSkippedCount(into: &report)
    lastSkippedType = recordType
    lastSkippedCount = 1
  }

  private func finishSkippedCount(into report: inout ImportReport) {
    if let lastSkippedType, lastSkippedCount > 0 {
      report.otherSkipped[lastSkippedType, default: 0] += lastSkippedCount
    }
    lastSkippedCount = 0
  }

  private func addedByTypeInListOrder() throws -> [(type: String, count: Int)] {
    let order = try DrinkType.order(Column("position"), Column("id")).fetchAll(db)
    return order.compactMap { type in
      guard let id = type.id, let count = writer.addedByTypeID[id], count > 0 else { return nil }
      return (type.name, count)
    }
  }

  private func begin() throws {
    try db.beginTransaction(.immediate)
    try writer.transactionBegan()
  }

  private func commit() throws {
    try writer.transactionWillCommit()
    try db.commit()
  }
}
