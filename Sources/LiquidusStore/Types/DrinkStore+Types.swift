import Foundation
import GRDB
import LiquidusModel

/// What `types delete` did to a type.
public enum TypeDeletion: Sendable, Hashable {
  /// The type had no entries and is gone.
  case removed
  /// The type had entries; it is archived and its entries stay in every report.
  case archived(entries: Int)
}

extension DrinkStore {
  /// Every drink type, archived ones included, in their display order.
  public func allTypes() throws -> [DrinkType] {
    try readOneStatement { db in
      try DrinkType.inListOrder.fetchAll(db)
    }
  }

  /// The type with this name (regardless of case), archived or not.
  /// - Throws: ``StoreError/unknownDrinkType(_:suggestion:)`` with the nearest name.
  public func type(named name: String) throws -> DrinkType {
    try read { db in try Self.type(named: name, db) }
  }

  /// The type new entries may use under this name.
  /// - Throws: ``StoreError`` when it is unknown, archived or disabled.
  public func selectableType(named name: String) throws -> DrinkType {
    let type = try type(named: name)
    guard type.isSelectable else {
      throw StoreError.drinkTypeNotSelectable(type.name, archived: type.isArchived)
    }
    return type
  }

  /// Adds a type at the end of the list, or brings back an archived type of the same name.
  ///
  /// - Returns: the type, and whether it was restored from the archive.
  public func addType(named name: String, color: HexColor?) throws -> (DrinkType, restored: Bool) {
    let name = try Self.validName(name)
    return try write { db in
      if var existing = try Self.fetchType(named: name, db) {
        guard existing.isArchived else { throw StoreError.duplicateDrinkTypeName(existing.name) }
        existing.isArchived = false
        existing.isEnabled = true
        if let color { existing.color = color }
        try existing.update(db)
        return (existing, true)
      }
      let all = try DrinkType.fetchAll(db)
      // A drink people know (Espresso, Green tea, Milk) starts with its published values.
      let known = KnownDrinks.values(for: name)
      let type = try DrinkType.Draft(
        name: name, color: color ?? HexColor.nextUnused(after: all.map(\.color)),
        position: (all.map(\.position).max() ?? 0) + 1,
        caffeinePer100mL: known?.caffeine ?? 0, hydrationFactor: known?.hydration ?? 1
      ).stored(db)
      return (type, false)
    }
  }

  /// Renames a type; its entries follow it. A merge knows types by name, so the entries count
  /// as changed at `now`: the other database then moves them to the new name too.
  public func renameType(_ name: String, to newName: String, now: Date) throws -> DrinkType {
    let newName = try Self.validName(newName)
    return try write { db in
      var type = try Self.type(named: name, db)
      if let clash = try Self.fetchType(named: newName, db), clash.id != type.id {
        throw StoreError.duplicateDrinkTypeName(clash.name)
      }
      let renamed = DrinkType.nameKey(newName) != DrinkType.nameKey(type.name)
      type.name = newName
      try type.update(db)
      if renamed {
        try Drink.filter(Drink.Columns.typeID == type.id)
          .updateAll(db, Drink.Columns.modifiedAt.set(to: now.stored))
      }
      return type
    }
  }

  /// Changes a type's chart colour.
  public func setColor(_ color: HexColor, ofType name: String) throws -> DrinkType {
    try changeType(named: name) { $0.color = color }
  }

  /// Changes a type's caffeine per 100 mL, for entries logged from now on.
  public func setCaffeine(_ milligramsPer100mL: Double, ofType name: String) throws -> DrinkType {
    try changeType(named: name) { $0.caffeinePer100mL = milligramsPer100mL }
  }

  /// Changes how much of a type's volume counts toward the goal (0 to 2).
  public func setHydrationFactor(_ factor: Double, ofType name: String) throws -> DrinkType {
    try changeType(named: name) { $0.hydrationFactor = factor }
  }

  /// Enables or disables a type. Disabled types keep their history in reports.
  public func setEnabled(_ enabled: Bool, ofType name: String) throws -> DrinkType {
    try changeType(named: name) { $0.isEnabled = enabled }
  }

  /// Reads the type named `name`, lets `change` modify it, and saves it, in one transaction.
  private func changeType(
    named name: String, _ change: (inout DrinkType) -> Void
  ) throws -> DrinkType {
    try write { db in
      var type = try Self.type(named: name, db)
      change(&type)
      try type.update(db)
      return type
    }
  }

  /// Moves a type to `position` (1 is first) and renumbers the others to keep the order dense.
  public func moveType(_ name: String, to position: Int) throws -> [DrinkType] {
    try write { db in
      let moving = try Self.type(named: name, db)
      var order = try DrinkType.inListOrder.fetchAll(db)
      order.removeAll { $0.id == moving.id }
      order.insert(moving, at: min(max(position, 1), order.count + 1) - 1)
      return try Self.renumber(order, db)
    }
  }

  /// Gives `order` the positions 1...n, writing only the types whose position changes.
  @discardableResult
  private static func renumber(_ order: [DrinkType], _ db: Database) throws -> [DrinkType] {
    var renumbered: [DrinkType] = []
    for (index, var type) in order.enumerated() {
      if type.position != index + 1 {
        type.position = index + 1
        try type.update(db)
      }
      renumbered.append(type)
    }
    return renumbered
  }

  /// Closes the gap a removed type leaves, so positions stay 1...n.
  private static func closeGaps(_ db: Database) throws {
    try renumber(DrinkType.inListOrder.fetchAll(db), db)
  }

  /// Deletes a type without history, or archives one that has history.
  public func deleteType(_ name: String) throws -> (DrinkType, TypeDeletion) {
    try write { db in
      var type = try Self.type(named: name, db)
      let entries = try Drink.filter(Drink.Columns.typeID == type.id).fetchCount(db)
      if entries == 0 {
        try type.delete(db)
        try Self.closeGaps(db)
        return (type, .removed)
      }
      type.isArchived = true
      try type.update(db)
      return (type, .archived(entries: entries))
    }
  }

  /// How many entries a type has.
  public func entryCount(ofType name: String) throws -> Int {
    try read { db in
      let type = try Self.type(named: name, db)
      return try Drink.filter(Drink.Columns.typeID == type.id).fetchCount(db)
    }
  }

  /// What ``purgeType(_:now:)`` did.
  public struct Purge: Sendable {
    /// The removed type.
    public var type: DrinkType
    /// How many entries went with it.
    public var entries: Int
    /// The automatic backup taken first; nil for an in-memory database.
    public var backup: String?
  }

  /// Removes a type and every entry it has, after keeping an automatic backup of the whole
  /// database (the newest five are kept), so a purge can always be undone with `restore`.
  ///
  /// The removal is one transaction; the positions of the remaining types close up to 1...n.
  public func purgeType(_ name: String, now: Date) throws -> Purge {
    _ = try read { db in try Self.type(named: name, db) }
    try checkBeforeWriting(thorough: true)
    let backup = try automaticBackup(reason: "purge", now: now)
    return try write { db in
      let type = try Self.type(named: name, db)
      try Self.buryEntries(where: "type_id = ?", arguments: [type.id], at: now, db)
      let entries = try Drink.filter(Drink.Columns.typeID == type.id).deleteAll(db)
      try type.delete(db)
      try Self.closeGaps(db)
      return Purge(type: type, entries: entries, backup: backup)
    }
  }

  static func type(named name: String, _ db: Database) throws -> DrinkType {
    if let type = try fetchType(named: name, db) { return type }
    let names = try DrinkType.filter(DrinkType.Columns.isArchived == false).fetchAll(db).map(\.name)
    throw StoreError.unknownDrinkType(name, suggestion: NameSuggester.nearest(to: name, in: names))
  }

  private static func fetchType(named name: String, _ db: Database) throws -> DrinkType? {
    // Plain SQL: the query builder's generation costs more than the lookup on `log`'s hot path.
    try DrinkType.fetchOne(
      db.cachedStatement(sql: "SELECT * FROM drink_type WHERE name_key = ?"),
      arguments: [DrinkType.nameKey(name)])
  }

  /// The longest drink type name, in characters: tables and chart legends stay readable.
  static let maxNameLength = 40

  /// `name` without surrounding spaces, when it is a usable drink type name: 1 to 40
  /// characters and no control characters (a line break or an escape in a name would break
  /// every table and chart it appears in). `types add`, `types rename` and every import go
  /// through this one rule.
  static func validName(_ name: String) throws -> String {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, trimmed.count <= maxNameLength,
      !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw StoreError.invalidDrinkTypeName(name)
    }
    return trimmed
  }
}

extension DrinkStore {
  /// How many entries each type id has; types without entries are absent.
  public func entryCountsByType() throws -> [DrinkType.ID: Int] {
    try read { db in
      var counts: [DrinkType.ID: Int] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT type_id, COUNT(*) FROM drink GROUP BY type_id") {
        counts[row[0]] = row[1]
      }
      return counts
    }
  }
}
