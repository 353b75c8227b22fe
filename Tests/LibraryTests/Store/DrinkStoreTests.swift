import Foundation
import GRDB
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

@Suite struct DrinkStoreTests {
  let store: DrinkStore
  let noon = Date(timeIntervalSince1970: 1_795_000_000)

  init() throws { store = try DrinkStore.inMemory() }

  @Test func newDatabaseHasTheFourBuiltInTypesInOrder() throws {
    let types = try store.allTypes()
    #expect(types.map(\.name) == ["Water", "Coffee", "Soda", "Juice"])
    #expect(types.map(\.position) == [1, 2, 3, 4])
    #expect(Set(types.map(\.color)).count == 4)
    #expect(types.allSatisfy { $0.isBuiltIn && $0.isSelectable })
  }

  @Test func migrationsAreRecordedAndIdempotent() throws {
    let applied = try store.read { db in try DrinkStore.migrator.appliedIdentifiers(db) }
    #expect(
      applied == [
        "v1: drink types, drinks and settings", "v2: import keys and caffeine records",
        "v3: caffeine and hydration of drinks", "v4: day totals",
        "v5: entry ids, modification times and tombstones",
        "v6: caffeine weights of cached days", "v7: API tokens and the drinks they logged",
        "v8: goal changes", "v9: servings", "v10: page sessions and sign-in links", "v11: workouts",
        "v12: slimmer entry tables", "v13: token scopes", "v14: push subscriptions",
      ])
    // Opening the same database again must not re-run or fail.
    let again = try DrinkStore(store.writer)
    #expect(try again.allTypes().count == 4)
  }

  @Test func schemaIsReadableWithPlainNames() throws {
    let tables = try store.read { db in
      try String.fetchAll(
        db,
        sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'grdb%' "
          + "AND name NOT LIKE 'sqlite%' ORDER BY name")
    }
    #expect(
      tables == [
        "api_request", "api_token", "caffeine", "day_total", "drink", "drink_legacy_key",
        "drink_tombstone",
        "drink_type", "goal_change", "page_session", "push_action", "push_key",
        "push_subscription", "serving", "setting", "signin_link",
        "type_serving", "workout", "workout_tombstone",
      ])
    let drinkColumns = try store.read { db in try db.columns(in: "drink").map(\.name) }
    #expect(
      drinkColumns == [
        "id", "uid", "type_id", "volume_ml", "caffeine_mg", "at_ms", "modified_ms", "note",
        "source", "source_name", "import_key", "merged_in",
      ])
    let caffeineColumns = try store.read { db in try db.columns(in: "caffeine").map(\.name) }
    #expect(caffeineColumns == ["id", "at_ms", "mg", "source_name", "import_key", "drink_id"])
    let typeColumns = try store.read { db in try db.columns(in: "drink_type").map(\.name) }
    #expect(typeColumns.suffix(2) == ["caffeine_mg_per_100ml", "hydration_factor"])
  }

  @Test func instantsAreStoredAsMillisecondsAndIDsAsSixteenBytes() throws {
    let water = try store.type(named: "water")
    let drink = try store.add(
      Drink(typeID: water.id, volume: Volume(milliliters: 250), instant: noon))
    let stored = try store.read { db in
      try Row.fetchOne(db, sql: "SELECT at_ms, typeof(at_ms), uid, modified_ms FROM drink")
    }
    #expect(stored?[0] == Int64(1_795_000_000_000))
    #expect(stored?[1] == "integer")
    let uid = try #require(drink.uid)
    #expect(
      (stored?[2] as Data?).map { String(decoding: EntryUID.text(ofBytes: $0), as: UTF8.self) }
        == uid)
    #expect(stored?[3] == Int64(1_795_000_000_000))
  }

  @Test func typeNamesAreUniqueRegardlessOfCase() throws {
    #expect(throws: StoreError.duplicateDrinkTypeName("Water")) {
      try store.addType(named: "WATER", color: nil)
    }
    let (tea, restored) = try store.addType(named: "Tea", color: nil)
    #expect(!restored && tea.position == 5)
    #expect(tea.color == HexColor.palette[4], "the next unused palette colour")
    #expect(throws: StoreError.duplicateDrinkTypeName("Tea")) {
      try store.renameType("Soda", to: "tea", now: noon)
    }
  }

  @Test func unknownTypeSuggestsTheNearestName() {
    #expect(throws: StoreError.unknownDrinkType("watr", suggestion: "Water")) {
      try store.type(named: "watr")
    }
    #expect(throws: StoreError.unknownDrinkType("xyzzy", suggestion: nil)) {
      try store.type(named: "xyzzy")
    }
  }

  @Test func deletingATypeWithHistoryArchivesItAndKeepsItsEntries() throws {
    let coffee = try store.type(named: "Coffee")
    try store.add(Drink(typeID: coffee.id, volume: Volume(milliliters: 200), instant: noon))
    let (_, deletion) = try store.deleteType("coffee")
    #expect(deletion == .archived(entries: 1))
    #expect(try store.type(named: "Coffee").isArchived)
    #expect(try store.entryCount() == 1)
    #expect(throws: StoreError.drinkTypeNotSelectable("Coffee", archived: true)) {
      try store.selectableType(named: "coffee")
    }
    let (back, restored) = try store.addType(named: "coffee", color: nil)
    #expect(restored && back.isSelectable && back.id == coffee.id)
  }

  @Test func deletingATypeWithoutHistoryRemovesIt() throws {
    let (_, deletion) = try store.deleteType("Juice")
    #expect(deletion == .removed)
    #expect(try store.allTypes().map(\.name) == ["Water", "Coffee", "Soda"])
  }

  @Test func purgeRemovesTheTypeAndOnlyItsEntries() throws {
    let soda = try store.type(named: "Soda")
    let water = try store.type(named: "Water")
    for _ in 0..<3 {
      try store.add(Drink(typeID: soda.id, volume: Volume(milliliters: 330), instant: noon))
    }
    try store.add(Drink(typeID: water.id, volume: Volume(milliliters: 250), instant: noon))
    let purged = try store.purgeType("soda", now: noon)
    #expect(purged.entries == 3)
    #expect(purged.backup == nil, "an in-memory database has no folder to back up into")
    #expect(try store.entryCount() == 1)
    #expect(throws: StoreError.unknownDrinkType("Soda", suggestion: nil)) {
      try store.type(named: "Soda")
    }
    // The remaining types close up: Water, Coffee, Juice at 1, 2, 3.
    #expect(try store.allTypes().map(\.position) == [1, 2, 3])
  }

  @Test func deletingATypeWithoutHistoryClosesThePositions() throws {
    _ = try store.deleteType("Coffee")
    let types = try store.allTypes()
    #expect(types.map(\.name) == ["Water", "Soda", "Juice"])
    #expect(types.map(\.position) == [1, 2, 3])
    #expect(try store.addType(named: "Tea", color: nil).0.position == 4)
  }

  @Test func moveRenumbersDensely() throws {
    let order = try store.moveType("Juice", to: 1)
    #expect(order.map(\.name) == ["Juice", "Water", "Coffee", "Soda"])
    #expect(order.map(\.position) == [1, 2, 3, 4])
    let last = try store.moveType("juice", to: 99)
    #expect(last.map(\.name) == ["Water", "Coffee", "Soda", "Juice"])
  }

  @Test func deleteIsAllOrNothing() throws {
    let water = try store.type(named: "Water")
    let kept = try store.add(
      Drink(typeID: water.id, volume: Volume(milliliters: 250), instant: noon))
    #expect(throws: StoreError.unknownEntry(999)) {
      try store.delete(ids: [kept.id!, 999], now: noon)
    }
    #expect(try store.entryCount() == 1)
    #expect(try store.delete(ids: [kept.id!], now: noon).removed.count == 1)
    #expect(try store.entryCount() == 0)
  }

  @Test func undoRemovesTheLastTypedEntryNotImportedOnes() throws {
    let water = try store.type(named: "Water")
    let first = try store.add(
      Drink(typeID: water.id, volume: Volume(milliliters: 100), instant: noon))
    try store.add(
      Drink(typeID: water.id, volume: Volume(milliliters: 200), instant: noon, source: .imported))
    #expect(try store.undoLast(now: noon).id == first.id)
    #expect(throws: StoreError.nothingToUndo) { try store.undoLast(now: noon) }
  }

  @Test func settingsDefaultAndPersist() throws {
    #expect(try store.settings() == .defaults)
    try store.updateSettings {
      $0.dailyGoal = Volume(milliliters: 2500)
      $0.displayUnit = .liters
      $0.firstWeekday = 2
    }
    let settings = try store.settings()
    #expect(settings.dailyGoal.milliliters == 2500 && settings.displayUnit == .liters)
    #expect(settings.firstWeekday == 2)
  }

  @Test func rangeQueriesIncludeTheStartAndExcludeTheEnd() throws {
    let water = try store.type(named: "Water")
    for offset in [-1.0, 0, 3599, 3600] {
      try store.add(
        Drink(typeID: water.id, volume: Volume(milliliters: 1), instant: noon + offset))
    }
    let hour = DateInterval(start: noon, duration: 3600)
    #expect(try store.drinks(in: hour).count == 2)
    #expect(try store.totalsByType(in: [hour]) == [[water.id: 2]])
  }
}
