import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// Brings the other side's entries, edits and deletions into this database, in one
  /// transaction: all of it lands, or none (and none with `dryRun`, which reports what would).
  ///
  /// For every entry id the other side knows, this database ends with the newest state of the
  /// entry on either side (``EntryState/newest(_:_:)``): a later edit wins, a later deletion
  /// deletes, an entry newer than its deletion comes back. Entries only this side knows stay.
  /// Tombstones are merged too (the later deletion time is kept), so a deletion travels on.
  /// Types are matched by name regardless of case; a missing one is created as the other side
  /// has it. An imported record is one entry on both sides: of two entries with the same
  /// import key (possible only when a file was edited by hand) the newer version stays and the
  /// other is deleted as of its own last change, on both sides alike, so an older copy never
  /// displaces the entry.
  ///
  /// Nothing is written unless all of `other` keeps the limits `log` and `import` keep
  /// (``MergeSnapshot/check(now:)``), `now` being this device's.
  public func merge(_ other: MergeSnapshot, now: Date, dryRun: Bool = false) throws -> MergeTally {
    try other.check(now: now)
    if !dryRun { try checkBeforeWriting(thorough: true) }
    return try guarded {
      try writer.writeWithoutTransaction { db in
        var tally = MergeTally()
        try db.inTransaction(.immediate) {
          try Self.assignMissingIDs(db)
          var merger = try Merger(db: db, other: other)
          tally = try merger.run()
          return dryRun ? .rollback : .commit
        }
        return tally
      }
    }
  }
}

/// One merge's work on this database's connection.
private struct Merger {
  let db: Database
  let other: MergeSnapshot
  var tally = MergeTally()
  /// This database's types by folded name.
  var typeIDs: [String: DrinkType.ID] = [:]
  let otherTypes: [String: MergeSnapshot.TypeInfo]
  /// This database's entries and tombstones by id, and which entry holds each import key:
  /// read once, kept up to date as the merge writes, so each entry costs no query.
  var mine: [String: EntryVersion] = [:]
  var buried: [String: String] = [:]
  var importKeyHolders: [String: String] = [:]

  init(db: Database, other: MergeSnapshot) throws {
    self.db = db
    self.other = other
    for entry in try DrinkStore.mergeEntries(db) {
      mine[entry.uid] = entry
      if let key = entry.importKey { importKeyHolders[key] = entry.uid }
    }
    for tombstone in try DrinkStore.mergeTombstones(db, bounded: nil) {
      buried[tombstone.uid] = tombstone.deletedAt
    }
    for type in try DrinkType.fetchAll(db) {
      typeIDs[DrinkType.nameKey(type.name)] = type.id
    }
    otherTypes = Dictionary(
      other.types.map { (DrinkType.nameKey($0.name), $0) }, uniquingKeysWith: { first, _ in first })
  }

  mutating func run() throws -> MergeTally {
    var theirs: [String: (entry: EntryVersion?, tombstone: Tombstone?)] = [:]
    for entry in other.entries { theirs[entry.uid, default: (nil, nil)].entry = entry }
    for tombstone in other.tombstones {
      theirs[tombstone.uid, default: (nil, nil)].tombstone = tombstone
    }
    // New entries get row ids in the order they were drunk, as if logged here; ties (and
    // deletions) in id order, so that every run does the same work.
    let order = theirs.keys.sorted { a, b in
      let (timeA, timeB) = (theirs[a]!.entry?.utc ?? "", theirs[b]!.entry?.utc ?? "")
      return timeA != timeB ? timeA < timeB : a < b
    }
    for uid in order {
      let (entry, tombstone) = theirs[uid]!
      try mergeOne(uid: uid, entry: entry, tombstone: tombstone)
    }
    try mergeCaffeineRecords()
    try mergeGoalChanges()
    try mergeWorkouts()
    return tally
  }

  /// Adds the other side's workouts this side neither has nor deleted, and deletes here the
  /// ones the other side deleted; each side keeps every deletion it learns of, so a workout
  /// deleted on one device stays deleted on both.
  private mutating func mergeWorkouts() throws {
    for tombstone in other.workoutTombstones {
      try db.execute(
        sql: """
          INSERT INTO workout_tombstone (uid, deleted_at) VALUES (?, ?)
          ON CONFLICT(uid) DO UPDATE SET deleted_at = max(deleted_at, excluded.deleted_at)
          """,
        arguments: [tombstone.uid, tombstone.deletedAt])
      try db.execute(sql: "DELETE FROM workout WHERE uid = ?", arguments: [tombstone.uid])
      tally.workoutsDeleted += db.changesCount
    }
    for workout in other.workouts {
      try db.execute(
        sql: """
          INSERT INTO workout (uid, at_utc, minutes, activity, source, source_name)
          SELECT ?1, ?2, ?3, ?4, 'merged', ?5
          WHERE NOT EXISTS (SELECT 1 FROM workout_tombstone WHERE uid = ?1)
          ON CONFLICT(uid) DO NOTHING
          """,
        arguments: [
          workout.uid, workout.utc, workout.minutes, workout.activity, workout.sourceName,
        ])
      tally.workoutsAdded += db.changesCount
    }
  }

  /// Takes each of the other side's goal changes that this side lacks for its day, or has
  /// older: the goal a person set last for a day is the one they mean, on whichever device.
  private mutating func mergeGoalChanges() throws {
    for change in other.goalChanges {
      try DrinkStore.storeGoalChange(change, db, replacingSameTime: false)
      tally.goalChanges += db.changesCount
    }
  }

  /// Adds the other side's imported caffeine records this side lacks (by import key). A record
  /// linked to a drink comes only with that drink: when the drink is not here (deleted on
  /// either side), the record is not either.
  private mutating func mergeCaffeineRecords() throws {
    guard !other.caffeineRecords.isEmpty else { return }
    let known = Set(
      try String.fetchAll(db, sql: "SELECT import_key FROM caffeine WHERE import_key IS NOT NULL"))
    let insert = try db.cachedStatement(
      sql: """
        INSERT INTO caffeine (at_ms, mg, source_name, import_key, drink_id)
        VALUES (?, ?, ?, ?, (SELECT id FROM drink WHERE uid = ?))
        """)
    for record in other.caffeineRecords where !known.contains(record.importKey) {
      if let drink = record.drinkUID, mine[drink] == nil { continue }
      try insert.execute(arguments: [
        Self.instant(record.utc), record.milligrams, record.sourceName, record.importKey,
        record.drinkUID?.storedUID,
      ])
      tally.caffeineAdded += 1
    }
  }

  private mutating func mergeOne(
    uid: String, entry: EntryVersion?, tombstone: Tombstone?
  ) throws {
    let mine = self.mine[uid]
    let buried = self.buried[uid].map { Tombstone(uid: uid, deletedAt: $0) }
    let winner = EntryState.newest([
      mine.map(EntryState.entry), buried.map(EntryState.deleted), entry.map(EntryState.entry),
      tombstone.map(EntryState.deleted),
    ])
    if let tombstone, tombstone.deletedAt > (buried?.deletedAt ?? "") {
      try bury(tombstone)
    }
    switch winner {
    case .deleted?:
      if let mine {
        try remove(mine)
        tally.deleted += 1
      } else {
        tally.unchanged += 1
      }
    case .entry(let version)?:
      guard version.content != mine?.content || version.modifiedAt != mine?.modifiedAt else {
        tally.unchanged += 1
        return
      }
      guard try makeRoom(forImportKeyOf: version) else {
        tally.unchanged += 1
        return
      }
      if let mine, mine.content == version.content {
        // Only the time differs: no need to rewrite the row (and drop its day's cached totals).
        try db.cachedStatement(sql: "UPDATE drink SET modified_ms = ? WHERE uid = ?")
          .execute(arguments: [Self.instant(version.modifiedAt), version.uid.storedUID])
        tally.unchanged += 1
      } else if mine != nil {
        try write(version, replacing: true)
        tally.updated += 1
      } else {
        try write(version, replacing: false)
        tally.added += 1
      }
    case nil:
      tally.unchanged += 1
    }
  }

  /// Whether `version` may hold its import key here. Another entry holding it is the same
  /// imported record under another id: the newer version stays (by the merge rule, then the
  /// smaller id), the other is deleted as of its own last change, so both sides end alike
  /// whichever merges first, and an old copy under a made-up id cannot displace the entry.
  private mutating func makeRoom(forImportKeyOf version: EntryVersion) throws -> Bool {
    guard let key = version.importKey, let holderID = importKeyHolders[key],
      holderID != version.uid, let holder = mine[holderID]
    else { return true }
    if !Self.wins(version, over: holder) {
      try bury(Tombstone(uid: version.uid, deletedAt: version.modifiedAt))
      return false
    }
    try bury(Tombstone(uid: holderID, deletedAt: holder.modifiedAt))
    try remove(holder)
    tally.deleted += 1
    return true
  }

  /// Whether `version` wins over `holder` for their shared import key: the later change, then
  /// the larger content (``EntryState/newest(_:_:)``), then the smaller id, so that both
  /// sides pick the same one.
  private static func wins(_ version: EntryVersion, over holder: EntryVersion) -> Bool {
    if version.modifiedAt != holder.modifiedAt { return version.modifiedAt > holder.modifiedAt }
    if version.content != holder.content { return version.content > holder.content }
    return version.uid < holder.uid
  }

  private mutating func bury(_ tombstone: Tombstone) throws {
    try db.cachedStatement(
      sql: """
        INSERT INTO drink_tombstone (uid, deleted_ms) VALUES (?, ?)
        ON CONFLICT(uid) DO UPDATE SET deleted_ms = MAX(deleted_ms, excluded.deleted_ms)
        """
    ).execute(arguments: [tombstone.uid.storedUID, Self.instant(tombstone.deletedAt)])
    buried[tombstone.uid] = max(buried[tombstone.uid] ?? "", tombstone.deletedAt)
  }

  /// Deletes this database's entry (a linked caffeine record goes with it).
  private mutating func remove(_ entry: EntryVersion) throws {
    try db.cachedStatement(sql: "DELETE FROM drink WHERE uid = ?")
      .execute(arguments: [entry.uid.storedUID])
    mine[entry.uid] = nil
    if let key = entry.importKey, importKeyHolders[key] == entry.uid { importKeyHolders[key] = nil }
  }

  /// Inserts `version`, or replaces the entry with its id. Plain cached statements: they run
  /// once per entry of the other side, which may hold years of imports.
  private mutating func write(_ version: EntryVersion, replacing: Bool) throws {
    let typeID = try type(named: version.typeName)
    let values: StatementArguments = [
      typeID, version.milliliters, Self.instant(version.utc), version.note,
      version.source.rawValue, version.importKey, version.caffeine, version.sourceName,
      Self.instant(version.modifiedAt), version.uid.storedUID,
    ]
    if replacing {
      if let key = mine[version.uid]?.importKey, importKeyHolders[key] == version.uid {
        importKeyHolders[key] = nil
      }
      try db.cachedStatement(
        sql: """
          UPDATE drink SET type_id = ?, volume_ml = ?, at_ms = ?, note = ?, source = ?,
            import_key = ?, caffeine_mg = ?, source_name = ?, modified_ms = ?
          WHERE uid = ?
          """
      ).execute(arguments: values)
    } else {
      try db.cachedStatement(
        sql: """
          INSERT INTO drink (type_id, volume_ml, at_ms, note, source, import_key, caffeine_mg,
            source_name, modified_ms, uid, merged_in)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
          """
      ).execute(arguments: values)
    }
    mine[version.uid] = version
    if let key = version.importKey {
      importKeyHolders[key] = version.uid
      try DrinkStore.noteLegacyKey(key, of: version.uid, db)
    }
  }

  /// A time of the snapshot (checked: the stored form of a real instant) as `at_ms` holds it.
  private static func instant(_ text: String) -> DatabaseValue {
    StoredTime.milliseconds(text)?.databaseValue ?? text.databaseValue
  }

  /// This database's type of this name, created as the other side has it when missing.
  private mutating func type(named name: String) throws -> DrinkType.ID {
    let key = DrinkType.nameKey(name)
    if let id = typeIDs[key] { return id }
    let info = otherTypes[key]
    let all = try DrinkType.fetchAll(db)
    let known = KnownDrinks.values(for: name)
    let type = try DrinkType.Draft(
      name: try DrinkStore.validName(info?.name ?? name),
      color: info?.color ?? HexColor.nextUnused(after: all.map(\.color)),
      position: (all.map(\.position).max() ?? 0) + 1,
      isEnabled: info?.isEnabled ?? true, isArchived: info?.isArchived ?? false,
      caffeinePer100mL: info?.caffeinePer100mL ?? known?.caffeine ?? 0,
      hydrationFactor: info?.hydrationFactor ?? known?.hydration ?? 1
    ).stored(db)
    typeIDs[key] = type.id
    tally.createdTypes.append(type.name)
    return type.id
  }
}
