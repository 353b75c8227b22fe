import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// Records a drink and returns it with the running total of `day`, all in one transaction,
  /// so the total includes this entry and no concurrent writer's half-done work.
  ///
  /// - Parameters:
  ///   - drinkName: a selectable type's name, in any case.
  ///   - day: the local day the entry falls in, for the running total.
  ///   - caffeine: the entry's own caffeine in mg; nil for its volume times the type's content.
  ///   - now: the entry's modification time.
  ///   - request: the API request that asks, kept with the entry in the same transaction so
  ///     that a retry of it finds this entry (``loggedEntry(for:)``); nil from the command line.
  /// - Throws: ``StoreError`` for an unknown or unselectable type, and
  ///   ``StoreError/requestKeyReused(_:)`` when the request's key is already taken (a retry
  ///   racing its original: nothing is written).
  public func log(
    drinkName: String, volume: Volume, at instant: Date, note: String?, day: DateInterval,
    caffeine: Double? = nil, now: Date, request: RequestKey? = nil
  ) throws -> LogReceipt {
    try write { db in
      let before = try RunningDay.Stamp.read(db)
      let type = try Self.selectableType(named: drinkName, db)
      let drink = try Self.insert(
        Drink(
          typeID: type.id, volume: volume, instant: instant, note: note.flatMap(cleanNote),
          caffeine: caffeine ?? type.caffeine(in: volume)),
        now: now, db)
      if let request { try Self.record(request, logged: drink, now: now, db) }
      // The day's volume, what counted toward the goal, and its caffeine, the imported records'
      // included: the last drink's sums plus this one when nothing else changed since, so a
      // receipt costs the same on a day of five drinks or five thousand.
      let sums =
        try runningDay.sums(of: day, at: before, adding: drink, of: type)
        ?? DaySums.summed(day, db)
      let settings = try Self.settings(db)
      runningDay.keep(sums, of: day, at: before.after(writing: drink, db))
      return LogReceipt(
        drink: drink, type: type, day: day, dayTotal: Volume(milliliters: sums.total),
        settings: settings, goal: settings.dailyGoal,
        dayCaffeine: sums.caffeineOfDrinks + sums.caffeineOfRecords,
        dayHydration: Volume(milliliters: sums.counted))
    }
  }

  /// Changes an entry's type, amount, time or note; nil leaves a field as it is. `now` becomes
  /// its modification time, so the edit wins a merge against older versions of the entry.
  /// - Returns: the entry as it is now, and its type.
  /// - Throws: ``StoreError`` for an unknown id or an unknown or unselectable type.
  ///
  /// An entry's caffeine follows what changes: `caffeine` when given; else a new type's content
  /// times the volume; else, for a new volume, the same caffeine per millilitre as before.
  public func edit(
    id: Drink.ID, drinkName: String?, volume: Volume?, at instant: Date?, note: String?,
    caffeine: Double? = nil, now: Date
  ) throws -> (Drink, DrinkType) {
    try write { db in
      guard var drink = try Drink.fetchOne(db, key: id.rawValue) else {
        throw StoreError.unknownEntry(id.rawValue)
      }
      let before = drink
      if let drinkName {
        let type = try Self.selectableType(named: drinkName, db)
        drink.typeID = type.id
        if type.id != before.typeID { drink.caffeine = type.caffeine(in: volume ?? drink.volume) }
      }
      if let volume {
        if drink.typeID == before.typeID {
          drink.caffeine = before.caffeine * volume.milliliters / before.volume.milliliters
        }
        drink.volume = volume
      }
      if let caffeine { drink.caffeine = caffeine }
      if let instant { drink.instant = instant }
      if let note { drink.note = cleanNote(note) }
      drink.modifiedAt = now
      try drink.update(db)
      guard let type = try DrinkType.fetchOne(db, key: drink.typeID) else {
        throw StoreError.unknownEntry(id.rawValue)
      }
      return (drink, type)
    }
  }

  /// The type named `name` when new entries may use it.
  private static func selectableType(named name: String, _ db: Database) throws -> DrinkType {
    let type = try Self.type(named: name, db)
    guard type.isSelectable else {
      throw StoreError.drinkTypeNotSelectable(type.name, archived: type.isArchived)
    }
    return type
  }
}

/// An empty note is no note.
private func cleanNote(_ note: String) -> String? {
  let trimmed = note.trimmingCharacters(in: .whitespacesAndNewlines)
  return trimmed.isEmpty ? nil : note
}

extension DrinkStore {
  /// The instant in column `index` (`at_ms`); a value that is not whole milliseconds (typed
  /// in by hand) is a ``StoreError/damagedEntry(id:column:value:)``, never a trap.
  private static func instant(_ row: Row, _ index: Int, id: Int) throws -> Date {
    guard let instant = try? row.decode(StoredInstant.self, atIndex: index) else {
      throw StoreError.damagedEntry(
        id: row[id] ?? 0, column: "at_ms", value: "\(row[index] as DatabaseValue? ?? .null)")
    }
    return instant.date
  }

  /// The value in column `index`, or a ``StoreError/damagedEntry(id:column:value:)``.
  private static func readable<Value: DatabaseValueConvertible>(
    _ row: Row, _ index: Int, _ column: String, id: Int
  ) throws -> Value {
    guard let value = try? row.decode(Value.self, atIndex: index) else {
      throw StoreError.damagedEntry(
        id: row[id] ?? 0, column: column, value: "\(row[index] as DatabaseValue? ?? .null)")
    }
    return value
  }

  /// Each entry in `interval` as (instant, type id, millilitres), oldest first: what reminders
  /// need, read from the time index alone. `due` and the status bar ask for the last day or
  /// two many times an hour; decoding whole entries (note, source, ids) cost them two thirds
  /// of their time on a busy day.
  public func intakes(in interval: DateInterval) throws -> [(
    instant: Date, typeID: DrinkType.ID, milliliters: Double
  )] {
    try read { db in
      // Plain SQL, read by position.
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT at_ms, type_id, volume_ml, id FROM drink
          WHERE at_ms >= ? AND at_ms < ? ORDER BY at_ms
          """, arguments: [interval.start.stored, interval.end.stored])
      var intakes: [(instant: Date, typeID: DrinkType.ID, milliliters: Double)] = []
      while let row = try rows.next() {
        intakes.append(
          (
            try Self.instant(row, 0, id: 3), try Self.readable(row, 1, "type_id", id: 3),
            try Self.readable(row, 2, "volume_ml", id: 3)
          ))
      }
      return intakes
    }
  }

  /// Every caffeine intake in `interval`, oldest first: drinks with caffeine, and imported
  /// caffeine records.
  public func caffeineIntakes(in interval: DateInterval) throws -> [CaffeineIntake] {
    try read { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT at_ms, caffeine_mg, id FROM drink
          WHERE at_ms >= ? AND at_ms < ? AND caffeine_mg > 0
          UNION ALL
          SELECT at_ms, mg, 0 FROM caffeine
          WHERE at_ms >= ? AND at_ms < ? AND mg > 0 AND drink_id IS NULL
          ORDER BY 1
          """,
        arguments: [
          interval.start.stored, interval.end.stored, interval.start.stored, interval.end.stored,
        ])
      var intakes: [CaffeineIntake] = []
      while let row = try rows.next() {
        intakes.append(
          CaffeineIntake(
            instant: try Self.instant(row, 0, id: 2),
            milligrams: try Self.readable(row, 1, "caffeine_mg", id: 2)))
      }
      return intakes
    }
  }
}
