import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// Stores a new entry: with its own ``Drink/uid`` when it has one (a random one otherwise),
  /// last modified at its ``Drink/modifiedAt`` (else at its own time).
  /// - Returns: the entry with its id, uid and modification time.
  @discardableResult
  public func add(_ drink: Drink) throws -> Drink {
    try write { db in
      var drink = drink
      drink.uid = drink.uid ?? EntryUID.random()
      drink.modifiedAt = drink.modifiedAt ?? drink.instant
      try drink.insert(db)
      return drink
    }
  }

  /// Inserts one entry with plain SQL: the record protocol's generic encoding costs more than
  /// the insert itself on `liquidus log`'s short life. The statement is the connection's cached
  /// one: compiling it (with the day-total triggers it fires) cost a server's POST more than
  /// running it.
  /// The entry gets a new random uid and `now` as its modification time.
  static func insert(_ drink: Drink, now: Date, _ db: Database) throws -> Drink {
    var stored = drink
    stored.uid = EntryUID.random()
    stored.modifiedAt = now
    try db.cachedStatement(
      sql: """
        INSERT INTO drink (type_id, volume_ml, at_ms, note, source, caffeine_mg, uid, modified_ms)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """
    ).execute(
      arguments: [
        drink.typeID, drink.volume.milliliters, drink.instant.stored, drink.note,
        drink.source.rawValue, drink.caffeine, stored.uid?.storedUID, now.stored,
      ])
    stored.id = Drink.ID(db.lastInsertedRowID)
    return stored
  }

  /// The entry with this id.
  public func drink(id: Drink.ID) throws -> Drink {
    try read { db in
      guard let drink = try Drink.fetchOne(db, key: id.rawValue) else {
        throw StoreError.unknownEntry(id.rawValue)
      }
      return drink
    }
  }

  /// Removes the most recently logged (typed) entry, leaving a tombstone dated `now` so that a
  /// merge removes it from the other database too. Entries a merge brought in from another
  /// device are not this device's to undo.
  /// - Returns: what was removed.
  public func undoLast(now: Date) throws -> Drink {
    try write { db in
      guard
        let last = try Drink.filter(
          Drink.Columns.source == DrinkSource.typed.rawValue && Drink.Columns.mergedIn == 0
        ).order(Drink.Columns.id.desc).fetchOne(db)
      else { throw StoreError.nothingToUndo }
      try Self.buryEntries(where: "id = ?", arguments: [last.id], at: now, db)
      try last.delete(db)
      return last
    }
  }

  /// Replaces an entry's fields; `now` becomes its modification time.
  public func update(_ drink: Drink, now: Date) throws {
    try write { db in
      guard let id = drink.id, let stored = try Drink.fetchOne(db, key: id) else {
        throw StoreError.unknownEntry(drink.id?.rawValue ?? -1)
      }
      var drink = drink
      drink.uid = stored.uid
      drink.modifiedAt = now
      try drink.update(db)
    }
  }

  /// What ``delete(ids:)`` removed: the entries, and the ids of those too damaged to read
  /// (which are removed all the same: deleting is how a damaged entry is got rid of).
  public struct Deletion: Sendable {
    public var removed: [Drink]
    public var damaged: [Int64]
  }

  /// Removes the entries with these ids, all or none: one unknown id removes nothing. An id
  /// given twice is removed (and reported) once. Each leaves a tombstone dated `now`.
  public func delete(ids: [Drink.ID], now: Date) throws -> Deletion {
    var seen: Set<Int64> = []
    let unique = ids.map(\.rawValue).filter { seen.insert($0).inserted }
    return try write { db in
      var deletion = Deletion(removed: [], damaged: [])
      for id in unique {
        guard try Drink.exists(db, key: id) else { throw StoreError.unknownEntry(id) }
        do {
          if let drink = try Drink.fetchOne(db, key: id) { deletion.removed.append(drink) }
        } catch StoreError.damagedEntry {
          deletion.damaged.append(id)
        }
      }
      // One tombstone pass for them all (ids are integers: safe in the statement's text).
      try Self.buryEntries(
        where: "id IN (\(unique.map(String.init).joined(separator: ",")))", arguments: [],
        at: now, db)
      _ = try Drink.deleteAll(db, keys: unique)
      return deletion
    }
  }

  /// The entries whose instant lies in `interval` (start inclusive, end exclusive), oldest first.
  /// - Parameter typeIDs: only these types; nil for all.
  /// - Throws: ``StoreError/damagedEntry(id:column:value:)`` for an entry that cannot be read;
  ///   ``drinks(in:typeIDs:damaged:)`` leaves those out instead.
  public func drinks(in interval: DateInterval, typeIDs: Set<DrinkType.ID>? = nil) throws -> [Drink]
  {
    try read { db in try Self.request(in: interval, typeIDs: typeIDs).fetchAll(db) }
  }

  /// The readable entries in `interval`, oldest first; the ones that cannot be read are left
  /// out and named in `damaged`, so one bad row does not hide all the others.
  public func drinks(
    in interval: DateInterval, typeIDs: Set<DrinkType.ID>? = nil, damaged: inout [StoreError]
  ) throws -> [Drink] {
    try read { db in
      var drinks: [Drink] = []
      try Self.eachReadable(
        Self.request(in: interval, typeIDs: typeIDs), db, damaged: { damaged.append($0) }
      ) { drinks.append($0) }
      return drinks
    }
  }

  /// Calls `body` with each entry `request` finds, in order, reading through a cursor; an entry
  /// that cannot be read goes to `damaged` instead.
  static func eachReadable(
    _ request: QueryInterfaceRequest<Drink>, _ db: Database, damaged: (StoreError) -> Void,
    _ body: (Drink) throws -> Void
  ) throws {
    let rows = try Row.fetchCursor(db, request)
    while let row = try rows.next() {
      let drink: Drink
      do {
        drink = try Drink(row: row)
      } catch let error as StoreError {
        damaged(error)
        continue
      }
      try body(drink)
    }
  }

  /// The entries in `interval`, of `typeIDs` when given, oldest first, entries of one instant
  /// by their entry id.
  static func request(
    in interval: DateInterval, typeIDs: Set<DrinkType.ID>?
  ) -> QueryInterfaceRequest<Drink> {
    typealias Columns = Drink.Columns
    var request = Drink.all()
    // Everything is every row, not every row whose time sorts between two far dates: a time
    // edited by hand into 'yesterday' sorts outside them, and would be left out unreported.
    if interval.start > .distantPast || interval.end < .distantFuture {
      request = request.filter(
        Columns.instant >= interval.start.stored && Columns.instant < interval.end.stored)
    }
    if let typeIDs { request = request.filter(typeIDs.contains(Columns.typeID)) }
    // Ties by id across devices (the row id differs from one database to the next): an export
    // imported elsewhere and exported again is the same bytes.
    return request.order(Columns.instant, Columns.uid, Columns.id)
  }

  /// How many entries the database holds.
  public func entryCount() throws -> Int {
    try read { db in try Drink.fetchCount(db) }
  }
}
