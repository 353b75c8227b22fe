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
  /// - Throws: ``StoreError`` for an unknown or unselectable type.
  public func log(
    drinkName: String, volume: Volume, at instant: Date, note: String?, day: DateInterval
  ) throws -> LogReceipt {
    try write { db in
      let type = try Self.selectableType(named: drinkName, db)
      let drink = try Self.insert(
        Drink(typeID: type.id!, volume: volume, instant: instant, note: note.flatMap(cleanNote)),
        db)
      let totals = try Self.totalsByType(in: day, db)
      return LogReceipt(
        drink: drink, type: type, day: day,
        dayTotal: Volume(milliliters: totals.values.reduce(0, +)),
        settings: try Self.settings(db))
    }
  }

  /// Changes an entry's type, amount, time or note; nil leaves a field as it is.
  /// - Returns: the entry as it is now, and its type.
  /// - Throws: ``StoreError`` for an unknown id or an unknown or unselectable type.
  public func edit(
    id: Int64, drinkName: String?, volume: Volume?, at instant: Date?, note: String?
  ) throws -> (Drink, DrinkType) {
    try write { db in
      guard var drink = try Drink.fetchOne(db, key: id) else { throw StoreError.unknownEntry(id) }
      if let drinkName { drink.typeID = try Self.selectableType(named: drinkName, db).id! }
      if let volume { drink.volume = volume }
      if let instant { drink.instant = instant }
      if let note { drink.note = cleanNote(note) }
      try drink.update(db)
      guard let type = try DrinkType.fetchOne(db, key: drink.typeID) else {
        throw StoreError.unknownEntry(id)
      }
      return (drink, type)
    }
  }

  /// The type named `name` when new entries may use it.
  private static func selectableType(named name: String, _ db: Database) throws -> DrinkType {
    let type = try Self.type(named: name, db)
    guard type.isSelectable, type.id != nil else {
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
