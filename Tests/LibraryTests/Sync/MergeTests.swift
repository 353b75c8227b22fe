import Foundation
import GRDB
import Testing

@testable import LiquidusModel
@testable import LiquidusSources
@testable import LiquidusStore

@Suite struct MergeTests {
  let start = Date(timeIntervalSince1970: 1_795_000_000)
  func minute(_ count: Double) -> Date { start.addingTimeInterval(count * 60) }

  /// Laptop and desktop share three entries, then each edits and deletes on its own:
  ///
  /// | entry  | laptop                   | desktop                   | newest                  |
  /// |--------|--------------------------|---------------------------|-------------------------|
  /// | water  | 300 mL at minute 10      | 400 mL at minute 20       | desktop's 400 mL        |
  /// | coffee | deleted at minute 30     | note added at minute 25   | deleted                 |
  /// | juice  | 500 mL at minute 40      | deleted at minute 35      | laptop's 500 mL is back |
  /// | new    | tea logged (new type)    | soda logged               | both kept               |
  @Test func editsAndDeletesOnBothSidesMergeToTheSameEntriesInBothOrders() throws {
    let folder = try MergeFolder()
    defer { folder.cleanUp() }
    let laptop = try folder.store("laptop.sqlite")
    let water = try laptop.log("water", 250, at: minute(-60), now: minute(0))
    let coffee = try laptop.log("coffee", 200, at: minute(-50), now: minute(0))
    let juice = try laptop.log("juice", 150, at: minute(-40), now: minute(0))
    let desktop = try folder.store("desktop.sqlite")
    #expect(try desktop.merge(from: laptop).added == 3)

    _ = try laptop.edit(
      id: water.id!, drinkName: nil, volume: Volume(milliliters: 300), at: nil, note: nil,
      now: minute(10))
    _ = try laptop.delete(ids: [coffee.id!], now: minute(30))
    _ = try laptop.edit(
      id: juice.id!, drinkName: nil, volume: Volume(milliliters: 500), at: nil, note: nil,
      now: minute(40))
    _ = try laptop.addType(named: "Tea", color: HexColor("#009E73"))
    let tea = try laptop.log("tea", 330, at: minute(5), now: minute(5))

    _ = try desktop.edit(
      id: try desktop.id(of: water.uid), drinkName: nil, volume: Volume(milliliters: 400),
      at: nil, note: nil, now: minute(20))
    _ = try desktop.edit(
      id: try desktop.id(of: coffee.uid), drinkName: nil, volume: nil, at: nil,
      note: "flat white", now: minute(25))
    _ = try desktop.delete(ids: [try desktop.id(of: juice.uid)], now: minute(35))
    let soda = try desktop.log("soda", 330, at: minute(6), now: minute(6))

    // Both orders, from the same two starting points.
    let laptopFirst = try folder.copy(laptop, to: "laptop-copy.sqlite")
    let desktopFirst = try folder.copy(desktop, to: "desktop-copy.sqlite")
    let intoLaptop = try laptopFirst.merge(from: desktop)
    let intoDesktop = try desktopFirst.merge(from: laptop)
    #expect(try MergeState(laptopFirst) == MergeState(desktopFirst))

    let entries = try laptopFirst.mergeSnapshot().entries
    let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.uid, $0) })
    #expect(byID[water.uid!]?.milliliters == 400, "the later edit wins")
    #expect(byID[coffee.uid!] == nil, "a deletion after an edit deletes")
    #expect(byID[juice.uid!]?.milliliters == 500, "an edit after a deletion brings it back")
    #expect(byID[tea.uid!]?.typeName == "Tea" && byID[soda.uid!] != nil, "no entry is lost")
    #expect(entries.count == 4)
    #expect(try desktopFirst.type(named: "tea").color == HexColor("#009E73"))

    #expect(intoLaptop.added == 1 && intoLaptop.updated == 1 && intoLaptop.deleted == 0)
    // The juice the desktop had deleted comes back: it is added there again.
    #expect(intoDesktop.added == 2 && intoDesktop.updated == 0 && intoDesktop.deleted == 1)
    #expect(intoDesktop.createdTypes == ["Tea"])
  }

  @Test func mergingTwiceChangesNothingTheSecondTime() throws {
    let laptop = try DrinkStore.inMemory()
    let desktop = try DrinkStore.inMemory()
    let kept = try laptop.log("water", 250, at: minute(-10), now: minute(0))
    let gone = try laptop.log("water", 100, at: minute(-5), now: minute(0))
    try desktop.merge(from: laptop)
    _ = try laptop.delete(ids: [gone.id!], now: minute(3))
    try desktop.log("coffee", 200, at: minute(-2), now: minute(4))
    _ = try desktop.edit(
      id: try desktop.id(of: kept.uid), drinkName: nil, volume: Volume(milliliters: 275),
      at: nil, note: nil, now: minute(5))

    try desktop.merge(from: laptop)
    try laptop.merge(from: desktop)
    let settled = try MergeState(laptop)
    #expect(try MergeState(desktop) == settled)
    for (into, from) in [(laptop, desktop), (desktop, laptop), (laptop, laptop)] {
      let again = try into.merge(from: from)
      #expect(again.added == 0 && again.updated == 0 && again.deleted == 0)
      #expect(try MergeState(into) == settled)
    }
  }

  @Test func aDryRunSaysWhatWouldChangeAndChangesNothing() throws {
    let laptop = try DrinkStore.inMemory()
    let desktop = try DrinkStore.inMemory()
    try laptop.log("water", 250, at: minute(-10), now: minute(0))
    let before = try MergeState(desktop)
    let tally = try desktop.merge(from: laptop, dryRun: true)
    #expect(tally.added == 1)
    #expect(try MergeState(desktop) == before)
  }

  @Test func theSameImportedRecordOnBothDevicesStaysOneEntry() throws {
    let csv = """
      date,drink,amount,unit,source
      2026-11-17T10:00:00+01:00,Water,200,mL,Health
      2026-11-17T10:00:00+01:00,Water,200,mL,Health
      2026-11-17T12:00:00+01:00,Water,300,mL,Health

      """
    let folder = try MergeFolder()
    defer { folder.cleanUp() }
    let file = URL(fileURLWithPath: folder.path("health.csv"))
    try csv.write(to: file, atomically: true, encoding: .utf8)
    let laptop = try DrinkStore.inMemory()
    let desktop = try DrinkStore.inMemory()
    // Imported at different times on the two devices.
    for (store, now) in [(laptop, minute(0)), (desktop, minute(90))] {
      let importer = Importer(store: store, settings: ImportSettings(now: now))
      _ = try importer.importFile(
        at: file, format: .csv,
        options: ImportOptions(defaultTimeZone: TimeZone(identifier: "UTC")!))
    }
    for entry in try laptop.mergeSnapshot().entries {
      #expect(entry.uid == EntryUID.forImportKey(entry.importKey!), "derived from its key")
    }
    let laptopIDs = Set(try laptop.mergeSnapshot().entries.map(\.uid))
    #expect(laptopIDs == Set(try desktop.mergeSnapshot().entries.map(\.uid)))
    try desktop.merge(from: laptop)
    try laptop.merge(from: desktop)
    #expect(try laptop.entryCount() == 3, "the two identical rows stay two drinks, once each")
    #expect(try desktop.entryCount() == 3)
    #expect(try MergeState(laptop) == MergeState(desktop))
  }

  @Test func aLaterImportOnTheOtherDeviceDoesNotUndoADeletionOrAnEdit() throws {
    let csv = """
      date,drink,amount,unit,source
      2026-11-17T10:00:00+01:00,Water,200,mL,Health
      2026-11-17T12:00:00+01:00,Water,300,mL,Health

      """
    let folder = try MergeFolder()
    defer { folder.cleanUp() }
    let file = URL(fileURLWithPath: folder.path("health.csv"))
    try csv.write(to: file, atomically: true, encoding: .utf8)
    func importFile(_ store: DrinkStore, now: Date) throws {
      _ = try Importer(store: store, settings: ImportSettings(now: now)).importFile(
        at: file, format: .csv,
        options: ImportOptions(defaultTimeZone: TimeZone(identifier: "UTC")!))
    }
    // The laptop imports, then deletes the 10:00 drink and halves the 12:00 one; the desktop
    // imports the same (cumulative) export only afterwards.
    let laptop = try DrinkStore.inMemory()
    try importFile(laptop, now: minute(0))
    let entries = try laptop.mergeSnapshot().entries.sorted { $0.utc < $1.utc }
    try #require(entries.count == 2)
    _ = try laptop.delete(ids: [try laptop.id(of: entries[0].uid)], now: minute(10))
    _ = try laptop.edit(
      id: try laptop.id(of: entries[1].uid), drinkName: nil, volume: Volume(milliliters: 150),
      at: nil, note: nil, now: minute(11))
    let desktop = try DrinkStore.inMemory()
    try importFile(desktop, now: minute(60))
    try desktop.merge(from: laptop)
    try laptop.merge(from: desktop)
    for store in [laptop, desktop] {
      let left = try store.mergeSnapshot().entries
      #expect(left.map(\.milliliters) == [150], "the deletion and the edit stand")
    }
    #expect(try MergeState(laptop) == MergeState(desktop))
  }

  @Test func oneImportKeyUnderTwoIdsEndsAsTheNewerVersionOnBothSides() throws {
    // Only a hand-edited file can give one record two ids; both sides still agree, on the
    // newer version (the merge rule), not on the smaller id, which anyone can make up.
    let laptop = try DrinkStore.inMemory()
    let desktop = try DrinkStore.inMemory()
    let water = try laptop.type(named: "Water")
    let key = "d|1795000000000|250000|water|health|1"
    try laptop.add(
      Drink(
        typeID: water.id, volume: Volume(milliliters: 250), instant: start, source: .imported,
        uid: "00000000-0000-4000-8000-000000000001", modifiedAt: minute(1), importKey: key))
    try desktop.add(
      Drink(
        typeID: water.id, volume: Volume(milliliters: 250), instant: start, source: .imported,
        uid: "ffffffff-0000-4000-8000-000000000001", modifiedAt: minute(2), importKey: key))
    let laptopFirst = try DrinkStore.inMemory()
    try laptopFirst.merge(from: laptop)
    let desktopFirst = try DrinkStore.inMemory()
    try desktopFirst.merge(from: desktop)
    try laptopFirst.merge(from: desktop)
    try desktopFirst.merge(from: laptop)
    #expect(try MergeState(laptopFirst) == MergeState(desktopFirst))
    #expect(
      try laptopFirst.mergeSnapshot().entries.map(\.uid) == [
        "ffffffff-0000-4000-8000-000000000001"
      ])
  }

  @Test func aJSONExportMergesLikeTheDatabaseItCameFrom() throws {
    let folder = try MergeFolder()
    defer { folder.cleanUp() }
    let laptop = try folder.store("laptop.sqlite")
    let noted = try laptop.log(
      "coffee", 200, at: minute(-10).addingTimeInterval(0.25), now: minute(0))
    _ = try laptop.edit(
      id: noted.id!, drinkName: nil, volume: nil, at: nil, note: "flat \"white\"",
      now: minute(1).addingTimeInterval(0.125))
    try laptop.log("water", 250, at: minute(-5), now: minute(2))
    let json = folder.path("laptop.json")
    var text = ""
    try DrinkExport(format: .json, timeZone: TimeZone(identifier: "America/New_York")!)
      .write(from: laptop, in: DateInterval(start: .distantPast, end: .distantFuture)) {
        text += $0
      }
    try text.write(toFile: json, atomically: true, encoding: .utf8)

    let fromJSON = try folder.store("a.sqlite")
    let fromDatabase = try folder.store("b.sqlite")
    #expect(try fromJSON.merge(MergeSource.snapshot(of: json)).added == 2)
    #expect(
      try fromDatabase.merge(MergeSource.snapshot(of: folder.path("laptop.sqlite"))).added == 2)
    #expect(try MergeState(fromJSON) == MergeState(fromDatabase))
    #expect(try fromJSON.merge(MergeSource.snapshot(of: json)).unchanged == 2)
    // Exported again, the merged copy gives the same bytes: ids and times travel unchanged.
    var again = ""
    try DrinkExport(format: .json, timeZone: TimeZone(identifier: "America/New_York")!)
      .write(from: fromJSON, in: DateInterval(start: .distantPast, end: .distantFuture)) {
        again += $0
      }
    #expect(again == text)
  }

  @Test func aDatabaseWrittenDuringTheMergeIsReadConsistently() throws {
    let folder = try MergeFolder()
    defer { folder.cleanUp() }
    let other = try folder.store("other.sqlite")
    try other.log("water", 5000, at: minute(-100), now: minute(0))
    let here = try folder.store("here.sqlite")
    // Another connection keeps writing the other file (WAL) while this one merges it.
    let writer = Thread {
      for index in 0..<300 {
        _ = try? other.log("water", 1 + Double(index), at: minute(-99), now: minute(1))
      }
    }
    writer.start()
    var merges = 0
    while !writer.isFinished || merges == 0 {
      let snapshot = try DrinkStore.mergeSnapshot(ofDatabaseAt: folder.path("other.sqlite"))
      // A consistent snapshot: entries 1...n with no gap, whatever moment it was taken at.
      let volumes = snapshot.entries.map(\.milliliters).filter { $0 != 5000 }.sorted()
      #expect(volumes == (0..<volumes.count).map { 1 + Double($0) })
      _ = try here.merge(snapshot)
      merges += 1
    }
    _ = try here.merge(DrinkStore.mergeSnapshot(ofDatabaseAt: folder.path("other.sqlite")))
    #expect(try here.entryCount() == 301)
    #expect(try MergeState(here).entries == MergeState(other).entries)
  }

  @Test func aFileThatIsNotALiquidusDatabaseOfThisSchemaIsRefused() throws {
    let folder = try MergeFolder()
    defer { folder.cleanUp() }
    let foreign = folder.path("foreign.sqlite")
    try DatabaseQueue(path: foreign).write { db in
      try db.execute(sql: "CREATE TABLE notes (body TEXT)")
    }
    let old = folder.path("old.sqlite")
    let queue = try DatabaseQueue(path: old)
    try DrinkStore.migrator.migrate(queue, upTo: "v3: caffeine and hydration of drinks")
    try queue.close()
    let oldBytes = try Data(contentsOf: URL(fileURLWithPath: old))
    let text = folder.path("notes.txt")
    try "not a database".write(toFile: text, atomically: true, encoding: .utf8)

    #expect(
      throws: StoreError.mergeSourceRejected(path: foreign, reason: "it is not a Liquidus database")
    ) {
      try MergeSource.snapshot(of: foreign)
    }
    #expect(throws: StoreError.mergeSourceOutdated(path: old)) {
      try MergeSource.snapshot(of: old)
    }
    // A file with entry ids but not this Liquidus's later migrations (a device not yet
    // upgraded) is merged: nothing a merge reads came after entry ids.
    let withIDs = folder.path("with-ids.sqlite")
    let idQueue = try DatabaseQueue(path: withIDs)
    try DrinkStore.migrator.migrate(idQueue, upTo: DrinkStore.entryIDsMigration)
    try idQueue.close()
    #expect(try MergeSource.snapshot(of: withIDs).entries.isEmpty)
    #expect(throws: StoreError.mergeSourceUnrecognized(path: text)) {
      try MergeSource.snapshot(of: text)
    }
    #expect(throws: StoreError.mergeSourceMissing(path: folder.path("missing"))) {
      try MergeSource.snapshot(of: folder.path("missing"))
    }
    // A JSON export from before entry ids, and one whose ids were made up.
    let older = folder.path("older.json")
    try """
    [
      {"date":"2026-11-20T08:15:00Z","drink":"Water","amount":250,"unit":"mL","note":null,\
    "source":"typed","caffeineMg":0}
    ]
    """.write(toFile: older, atomically: true, encoding: .utf8)
    #expect(
      throws: StoreError.mergeSourceRejected(
        path: older, reason: "entry 1 has no uid and modifiedAt (written by an older Liquidus?)")
    ) { try MergeSource.snapshot(of: older) }
    let madeUp = folder.path("made-up.json")
    try """
    [{"date":"2026-11-20T08:15:00Z","drink":"Water","amount":250,"uid":"1; DROP TABLE drink",\
    "modifiedAt":"2026-11-20T08:15:00Z"}]
    """.write(toFile: madeUp, atomically: true, encoding: .utf8)
    #expect(
      throws: StoreError.mergeSourceRejected(
        path: madeUp, reason: "entry 1 has a uid that is not an entry id: 1; DROP TABLE drink")
    ) { try MergeSource.snapshot(of: madeUp) }
    // Refusing a file leaves it as it was.
    #expect(try Data(contentsOf: URL(fileURLWithPath: old)) == oldBytes)
  }
}

@Suite struct RestoreAndMergeTests {
  let start = Date(timeIntervalSince1970: 1_795_000_000)
  func minute(_ count: Double) -> Date { start.addingTimeInterval(count * 60) }

  /// A restore puts the database back as the backup was, and a merge must not undo that: an
  /// entry it brings back wins over its deletion, and one it drops stays dropped.
  @Test func aRestoredDatabaseMergesAsItWasRestored() throws {
    let folder = try MergeFolder()
    defer { folder.cleanUp() }
    let desktop = try folder.store("desktop.sqlite")
    let kept = try desktop.log("water", 250, at: minute(-30), now: minute(0))
    try desktop.backup(to: folder.path("backup.sqlite"))
    _ = try desktop.delete(ids: [kept.id!], now: minute(1))
    let dropped = try desktop.log("coffee", 200, at: minute(-20), now: minute(2))  // not backed up
    let laptop = try folder.store("laptop.sqlite")
    _ = try laptop.merge(from: desktop)  // the deletion and the coffee travel

    _ = try desktop.restore(from: folder.path("backup.sqlite"), now: minute(5))
    let uids = Set(try desktop.mergeSnapshot().entries.map(\.uid))
    #expect(uids == [kept.uid!] && !uids.contains(dropped.uid!))
    let intoLaptop = try laptop.merge(from: desktop)
    #expect(intoLaptop.added == 1 && intoLaptop.deleted == 1)
    #expect(Set(try laptop.mergeSnapshot().entries.map(\.uid)) == [kept.uid!])
    #expect(try MergeState(laptop).entries == MergeState(desktop).entries)
  }

  @Test func anEditUndoneByARestoreStaysUndoneAfterAMerge() throws {
    let folder = try MergeFolder()
    defer { folder.cleanUp() }
    let desktop = try folder.store("desktop.sqlite")
    let entry = try desktop.log("water", 250, at: minute(-30), now: minute(0))
    try desktop.backup(to: folder.path("backup.sqlite"))
    _ = try desktop.edit(
      id: entry.id!, drinkName: nil, volume: Volume(milliliters: 900), at: nil, note: nil,
      now: minute(1))
    let laptop = try folder.store("laptop.sqlite")
    _ = try laptop.merge(from: desktop)  // the edit travels

    _ = try desktop.restore(from: folder.path("backup.sqlite"), now: minute(5))
    _ = try laptop.merge(from: desktop)
    _ = try desktop.merge(from: laptop)
    for store in [desktop, laptop] {
      #expect(try store.mergeSnapshot().entries.map(\.milliliters) == [250], "the restore stands")
    }
  }

  @Test func undoTakesBackWhatWasLoggedHereNotWhatAMergeBrought() throws {
    let desktop = try DrinkStore.inMemory()
    let laptop = try DrinkStore.inMemory()
    let water = try desktop.log("water", 250, at: minute(-10), now: minute(0))
    try laptop.log("coffee", 200, at: minute(-5), now: minute(1))
    _ = try desktop.merge(from: laptop)
    #expect(try desktop.undoLast(now: minute(2)).uid == water.uid)
    #expect(throws: StoreError.nothingToUndo) { try desktop.undoLast(now: minute(3)) }
  }
}
