import Foundation
import GRDB
import LiquidusModel

/// One file's import on one connection: resolves types, writes records in batches, counts.
///
/// The reader loop lives with the readers (`Importer`); this is the database half. Records go
/// in through ``add(_:)``; every ``ImportSettings/batchSize`` records the batch commits, unless
/// the whole file is one transaction (`--strict` or `--dry-run`). ``finish(keep:)`` writes what
/// is queued and commits or rolls back the last transaction.
///
/// Open one with ``DrinkStore/importing(with:_:)``, which maps SQLite's errors like every other
/// write.
package final class BulkImport {
  private let db: Database
  private let settings: ImportSettings
  private let writer: ImportWriter
  private let types: ImportTypeResolver
  private let workouts: WorkoutImport
  private var lastSource: String?
  private var lastSourceKey: [UInt8] = []
  private var sourceKeys: [String: [UInt8]] = [:]
  private var inBatch = 0
  /// Food correlations seen so far, applied at the end of the file.
  private var links: [FoodLink] = []

  /// Whether the whole file is one transaction (strict or dry run) rather than batches.
  private var singleTransaction: Bool { settings.strict || settings.dryRun }

  init(db: Database, settings: ImportSettings) throws {
    self.db = db
    self.settings = settings
    writer = try ImportWriter(db, modifiedAt: settings.now)
    types = try ImportTypeResolver(typeMap: settings.typeMap, db)
    workouts = try WorkoutImport(db)
    do {
      try begin()
    } catch {
      // A read-only file lets BEGIN through and fails on the first write inside it: the
      // transaction must not outlive the session that never came to be (GRDB traps on it).
      if db.isInsideTransaction { try? db.rollback() }
      throw error
    }
  }

  /// What became of one record.
  package enum Outcome: Equatable {
    /// Queued for the database (it may still prove a duplicate).
    case queued
    /// A drink of nothing (0 mL): skipped.
    case empty
    /// A record that cannot be stored, why, and what the person can do about it that only the
    /// interface can name.
    case rejected(String, remedy: Remedy?)
  }

  /// Queues `record`, committing the batch when it is full.
  /// - Parameter key: the record's key and id when the reading thread built them (an
  ///   ``ImportKeyMaker`` makes the same as this would); nil to build them here.
  @discardableResult
  package func add(_ record: ImportedRecord, key: ImportKeyBatch.Key? = nil) throws -> Outcome {
    let milliseconds = record.instant.millisecondsSince1970
    switch record.content {
    case .drink(let typeName, let milliliters):
      guard milliliters > 0, milliliters.isFinite else { return .empty }
      let type: ImportTypeResolver.Resolution
      do {
        type = try types.resolve(typeName: typeName, sourceName: record.sourceName, db)
      } catch let error as StoreError {
        guard case .invalidDrinkTypeName = error else { throw error }
        let (reason, remedy) = Self.unusableName(typeName)
        return .rejected(reason, remedy: remedy)
      }
      let caffeine =
        record.caffeine ?? milliliters * (types.caffeineContent[type.typeID] ?? 0) / 100
      try writer.addDrink(
        typeID: type.typeID, milliliters: milliliters, caffeine: caffeine,
        milliseconds: milliseconds, note: record.note, source: record.sourceName,
        typeKey: type.keyBytes, sourceKey: self.sourceKey(record.sourceName), prepared: key)
    case .caffeine(let milligrams):
      try writer.addCaffeine(
        milligrams: milligrams, milliseconds: milliseconds, sourceName: record.sourceName,
        sourceKey: self.sourceKey(record.sourceName), prepared: key)
    case .workout(let activity, let minutes):
      try workouts.add(
        activity: activity, minutes: minutes, instant: record.instant,
        sourceName: record.sourceName, sourceKey: self.sourceKey(record.sourceName), db)
    }
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
    return .queued
  }

  /// Queues a Food correlation's link, applied once every record of the file is in.
  package func link(_ link: FoodLink) {
    links.append(link)
  }

  /// Joins each linked caffeine record to its drink (see ``FoodLinks``).
  private func applyLinks() throws {
    guard !links.isEmpty else { return }
    // In time order, the order the drinks were stored in: the pages are visited once each.
    links.sort { $0.drinkInstant < $1.drinkInstant }
    try FoodLinks(db).apply(links) { writer.touch($0) }
    links.removeAll()
  }

  /// Writes what is queued, then commits it (`keep`) or rolls the open transaction back.
  ///
  /// - Returns: What this import added; all zero when nothing was kept.
  package func finish(keep: Bool) throws -> ImportTally {
    do {
      try writer.flush()
      try applyLinks()
      var tally = ImportTally(
        addedByType: try addedByTypeInListOrder(), createdTypes: types.createdTypes,
        caffeineAdded: writer.caffeineAdded,
        duplicatesSkipped: writer.duplicates + workouts.duplicates)
      tally.workoutsAdded = workouts.added
      tally.unmatchedTypeMap = types.unmatched(settings.typeMap)
      tally.sourcesSeen = types.sourcesSeen
      if keep && !settings.dryRun {
        try commit()
      } else {
        try db.rollback()
      }
      // A dry run reports what it would have done; a rolled-back import did nothing.
      if keep { return tally }
      // Nothing kept: all zero, but a --type-map that matched nothing is still worth saying.
      var nothing = ImportTally()
      nothing.unmatchedTypeMap = tally.unmatchedTypeMap
      nothing.sourcesSeen = tally.sourcesSeen
      return nothing
    } catch {
      abandon()
      throw error
    }
  }

  /// Why `name` cannot become a drink type, as a rejected row's reason, and its remedy.
  private static func unusableName(_ name: String) -> (String, Remedy?) {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    let limit = DrinkStore.maxNameLength
    let shown = "'\(trimmed.prefix(limit))\(trimmed.count > limit ? "..." : "")'"
    if trimmed.isEmpty { return ("the drink name is empty", nil) }
    if trimmed.count > limit {
      let reason =
        "the drink name \(shown) has \(trimmed.count) characters; a drink type's name has "
        + "at most \(limit), so rename it in the file"
      return (reason, .mapSourceToType)
    }
    return ("the drink name \(shown) holds a line break or another control character", nil)
  }

  /// Undoes the whole file: rolls back the transaction in flight and deletes what its earlier
  /// batches committed (rows and the types it created), in one transaction. For a file that
  /// proves damaged only at its end, such as a zip member that fails its checksum, whose
  /// rows cannot be trusted.
  package func discard() throws {
    abandon()
    try db.inTransaction(.immediate) {
      try writer.deleteCommittedRows()
      try workouts.deleteInserted(db)
      try types.deleteCreatedTypes(db)
      return .commit
    }
  }

  /// Rolls back the transaction in flight, after a failure.
  package func abandon() {
    if db.isInsideTransaction { try? db.rollback() }
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

  private func addedByTypeInListOrder() throws -> [ImportTally.TypeCount] {
    let order = try DrinkType.inListOrder.fetchAll(db)
    return order.compactMap { type in
      guard let count = writer.addedByTypeID[type.id], count > 0 else { return nil }
      return ImportTally.TypeCount(type: type.name, count: count)
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

extension DrinkStore {
  /// Runs `body` with a ``BulkImport`` on this database's writer connection.
  ///
  /// SQLite failures about the file (full disk, read-only, damaged) become ``StoreError``s, as
  /// for every other write; the transaction in flight is rolled back on any error.
  /// - Parameter inputBytes: the size of what is imported, when known: the file is checked
  ///   first (``WriteCheck``) when it is small, as before any write, or when the input is a
  ///   quarter of its size or more, so that the import reads most of it anyway. A small import
  ///   into a long history is not made to read all of it first: 10,000 records into 1.2M
  ///   entries took 0.36 s, 0.30 s of it the check.
  package func importing<T>(
    with settings: ImportSettings, inputBytes: Int64? = nil, _ body: (BulkImport) throws -> T
  ) throws -> T {
    if !settings.dryRun {
      let databaseBytes = path.map(WriteCheck.size) ?? 0
      try checkBeforeWriting(thorough: inputBytes.map { $0 * 4 >= databaseBytes } ?? true)
    }
    return try guarded {
      try writer.writeWithoutTransaction { db in
        defer { ImportWriter.stopSkippingDeletedEntries(db) }
        let session = try BulkImport(db: db, settings: settings)
        do {
          return try body(session)
        } catch {
          session.abandon()
          throw error
        }
      }
    }
  }
}
