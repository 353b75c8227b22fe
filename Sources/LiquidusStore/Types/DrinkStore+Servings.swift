import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// Every serving, by name.
  public func servings() throws -> [Serving] {
    try read { db in try Self.servings(db) }
  }

  /// The serving `word` names (`mug`, `glasses`), or nil.
  public func serving(named word: String) throws -> Serving? {
    try read { db in try Self.serving(named: word, db) }
  }

  /// Adds a serving, or changes the one of that name.
  /// - Throws: ``ServingError`` for a drink type's name or a bad name, ``StoreError`` for an
  ///   unknown drink.
  public func addServing(_ serving: Serving) throws {
    try write { db in
      let key = DrinkType.nameKey(serving.name)
      guard !key.isEmpty, serving.name.allSatisfy({ $0.isLetter || $0 == " " }) else {
        throw ServingError.invalidName(serving.name)
      }
      if try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM drink_type WHERE name_key = ?)", arguments: [key])
        == true
      {
        throw ServingError.shadowsDrink(serving.name)
      }
      let typeID = try serving.drinkName.map { try Self.type(named: $0, db).id.rawValue }
      try db.execute(
        sql: """
          INSERT INTO serving (name_key, name, amount_ml, type_id) VALUES (?, ?, ?, ?)
          ON CONFLICT(name_key) DO UPDATE SET name = excluded.name,
            amount_ml = excluded.amount_ml, type_id = excluded.type_id
          """, arguments: [key, serving.name, serving.amount.milliliters, typeID])
    }
  }

  /// Removes the serving `name`.
  /// - Throws: ``ServingError/unknown(_:known:suggestion:)`` when there is none.
  public func removeServing(named name: String) throws {
    try write { db in
      try db.execute(
        sql: "DELETE FROM serving WHERE name_key = ?", arguments: [DrinkType.nameKey(name)])
      if db.changesCount == 0 { throw try Self.unknownServing(name, db) }
    }
  }

  /// Sets what `log <drink>` alone logs of `typeName`.
  /// - Throws: ``StoreError`` for an unknown type.
  public func setDefaultServing(_ amount: Volume, ofType typeName: String) throws {
    try write { db in
      let type = try Self.type(named: typeName, db)
      try db.execute(
        sql: """
          INSERT INTO type_serving (type_id, amount_ml) VALUES (?, ?)
          ON CONFLICT(type_id) DO UPDATE SET amount_ml = excluded.amount_ml
          """, arguments: [type.id.rawValue, amount.milliliters])
    }
  }

  /// What `log <drink>` alone logs: the type's own default serving, else the amount most
  /// recently logged of it, else ``Serving/fallback``.
  public func defaultServing(ofType typeName: String) throws -> Volume {
    try defaultServings(ofTypes: [typeName])[0]
  }

  /// ``defaultServing(ofType:)`` of each of `typeNames`, in one read: the page's Today asks
  /// for all its buttons at once.
  public func defaultServings(ofTypes typeNames: [String]) throws -> [Volume] {
    try read { db in
      try typeNames.map { name in
        let type = try Self.type(named: name, db)
        return try Self.ownServing(of: type.id, db) ?? Self.newestVolume(of: type.id, db)
          ?? Serving.fallback
      }
    }
  }

  private static func ownServing(of type: DrinkType.ID, _ db: Database) throws -> Volume? {
    try Double.fetchOne(
      db, sql: "SELECT amount_ml FROM type_serving WHERE type_id = ?", arguments: [type.rawValue]
    ).map(Volume.init(milliliters:))
  }

  /// The volume of the type's newest entry by when it was drunk. Read backwards along the time
  /// index, which holds the type and the volume: by the type's index, SQLite would sort every
  /// entry of it first (0.8 s for a million imported glasses of water, on every tap). A type
  /// without entries is answered by the type's index, so that it does not walk the whole time
  /// index to find nothing.
  private static func newestVolume(of type: DrinkType.ID, _ db: Database) throws -> Volume? {
    guard
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM drink WHERE type_id = ?)",
        arguments: [type.rawValue]) == true
    else { return nil }
    return try Double.fetchOne(
      db,
      sql: """
        SELECT volume_ml FROM drink INDEXED BY drink_by_time WHERE type_id = ?
        ORDER BY at_ms DESC, id DESC LIMIT 1
        """,
      arguments: [type.rawValue]
    ).map(Volume.init(milliliters:))
  }

  static func servings(_ db: Database) throws -> [Serving] {
    try Row.fetchAll(
      db,
      sql: """
        SELECT s.name, s.amount_ml, t.name FROM serving s
        LEFT JOIN drink_type t ON t.id = s.type_id ORDER BY s.amount_ml, s.name_key
        """
    ).map { Serving(name: $0[0], amount: Volume(milliliters: $0[1]), drinkName: $0[2]) }
  }

  static func serving(named word: String, _ db: Database) throws -> Serving? {
    let all = try servings(db)
    for form in Serving.singulars(of: word) {
      if let match = all.first(where: { DrinkType.nameKey($0.name) == DrinkType.nameKey(form) }) {
        return match
      }
    }
    return nil
  }

  static func unknownServing(_ word: String, _ db: Database) throws -> ServingError {
    let names = try servings(db).map(\.name)
    return .unknown(word, known: names, suggestion: NameSuggester.nearest(to: word, in: names))
  }

  /// The error for `word`, neither an amount nor a serving.
  public func unknownServing(_ word: String) throws -> ServingError {
    try read { db in try Self.unknownServing(word, db) }
  }
}
