import Foundation
import GRDB
import LiquidusModel

/// Decides which drink type an imported drink becomes, creating types the file introduces.
///
/// Order: a `--type-map` entry for the record's source app wins; else the type whose name
/// matches the file's drink name regardless of case (archived and disabled types included, so
/// history lands where it belongs); else a new type of that name is created at the end of the
/// list. Creation happens in the import's own transaction, so `--dry-run` and a rolled-back
/// `--strict` import leave no type behind.
final class ImportTypeResolver {
  /// A resolved type: its id and the folded name that goes into the import key.
  struct Resolution {
    var typeID: DrinkType.ID
    var keyBytes: [UInt8]
  }

  /// Caffeine per 100 mL by type id, for drinks whose file gives none.
  private(set) var caffeineContent: [DrinkType.ID: Double] = [:]

  /// Names of the types this import created, in order of creation.
  private(set) var createdTypes: [String] = []
  /// Type names by id, for the report.
  private(set) var names: [DrinkType.ID: String] = [:]
  private let sourceMap: [String: DrinkType.ID]
  private var byName: [String: Resolution] = [:]
  private var bySource: [String: DrinkType.ID?] = [:]
  private var lastName: String?
  private var lastResolution: Resolution?

  /// Deletes the types this import created that hold no entries (after its rows were
  /// discarded), so a discarded file leaves nothing behind.
  func deleteCreatedTypes(_ db: Database) throws {
    for name in createdTypes {
      try db.execute(
        sql: """
          DELETE FROM drink_type WHERE name_key = ?
            AND NOT EXISTS (SELECT 1 FROM drink WHERE drink.type_id = drink_type.id)
          """, arguments: [DrinkType.nameKey(name)])
    }
    createdTypes.removeAll()
  }

  /// Resolves `typeMap` (source app name -> type name) against the database.
  /// - Throws: ``StoreError/unknownDrinkType(_:suggestion:)`` for a type that does not exist:
  ///   a mapping is a promise by the user, and a typo must not invent a type.
  init(typeMap: [String: String], _ db: Database) throws {
    var sourceMap: [String: DrinkType.ID] = [:]
    for (source, typeName) in typeMap {
      let type = try DrinkStore.type(named: typeName, db)
      sourceMap[DrinkType.nameKey(source)] = type.id
    }
    self.sourceMap = sourceMap
    for type in try DrinkType.fetchAll(db) {
      names[type.id] = type.name
      caffeineContent[type.id] = type.caffeinePer100mL
    }
  }

  /// The source names drinks of this file carried (when a `--type-map` was given), in the order
  /// first seen.
  private(set) var sourcesSeen: [String] = []

  /// The `--type-map` entries (source, type) that no drink's source matched, each with the seen
  /// source it most likely meant: the same after straightening typographic quotes, or the
  /// nearest by spelling.
  func unmatched(_ typeMap: [String: String]) -> [ImportTally.UnmatchedTypeMap] {
    let seenKeys = Set(sourcesSeen.map(DrinkType.nameKey))
    return typeMap.keys.sorted().compactMap { source in
      guard !seenKeys.contains(DrinkType.nameKey(source)) else { return nil }
      let straight = Self.straightened(source)
      let guess =
        sourcesSeen.first {
          DrinkType.nameKey(Self.straightened($0)) == DrinkType.nameKey(straight)
        }
        ?? NameSuggester.nearest(to: source, in: sourcesSeen)
      return .init(source: source, type: typeMap[source] ?? "", didYouMean: guess)
    }
  }

  /// Typographic quotes as the plain ones a keyboard types.
  private static func straightened(_ text: String) -> String {
    String(
      text.map { character -> Character in
        switch character {
        case "\u{2018}", "\u{2019}", "\u{02BC}", "\u{00B4}", "`": "'"
        case "\u{201C}", "\u{201D}": "\""
        default: character
        }
      })
  }

  /// The type for a drink the file calls `typeName`, written by `sourceName`.
  func resolve(typeName: String, sourceName: String?, _ db: Database) throws -> Resolution {
    let named = try resolve(typeName: typeName, db)
    guard !sourceMap.isEmpty, let sourceName else { return named }
    if let cached = bySource[sourceName] {
      return cached.map { Resolution(typeID: $0, keyBytes: named.keyBytes) } ?? named
    }
    let mapped = sourceMap[DrinkType.nameKey(sourceName)]
    bySource[sourceName] = .some(mapped)
    sourcesSeen.append(sourceName)
    return mapped.map { Resolution(typeID: $0, keyBytes: named.keyBytes) } ?? named
  }

  private func resolve(typeName: String, _ db: Database) throws -> Resolution {
    // Readers hand out the same String for the same name, so this compare is nearly free.
    if typeName == lastName, let lastResolution { return lastResolution }
    let resolution: Resolution
    if let cached = byName[typeName] {
      resolution = cached
    } else {
      resolution = Resolution(
        typeID: try typeID(named: typeName, db), keyBytes: ImportKey.nameKey(typeName))
      byName[typeName] = resolution
    }
    lastName = typeName
    lastResolution = resolution
    return resolution
  }

  private func typeID(named name: String, _ db: Database) throws -> DrinkType.ID {
    let key = DrinkType.nameKey(name)
    if let existing = try DrinkType.filter(DrinkType.Columns.nameKey == key).fetchOne(db) {
      return existing.id
    }
    // The rule `types add` applies: an unusable name is refused, never cut to fit.
    let valid = try DrinkStore.validName(name)
    let all = try DrinkType.fetchAll(db)
    let known = KnownDrinks.values(for: valid)
    let type = try DrinkType.Draft(
      name: valid, color: HexColor.nextUnused(after: all.map(\.color)),
      position: (all.map(\.position).max() ?? 0) + 1,
      caffeinePer100mL: known?.caffeine ?? 0, hydrationFactor: known?.hydration ?? 1
    ).stored(db)
    createdTypes.append(type.name)
    names[type.id] = type.name
    caffeineContent[type.id] = type.caffeinePer100mL
    return type.id
  }
}
