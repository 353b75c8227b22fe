import Foundation
import GRDB
import Testing

@testable import LiquidusModel
@testable import LiquidusStore

@Suite struct EntryIDTests {
  let noon = Date(timeIntervalSince1970: 1_795_000_000)

  @Test func sha256MatchesTheStandardsTestVectors() {
    func hex(_ text: String) -> String {
      SHA256.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
    #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    // Two blocks of padding: 56 to 63 bytes leave no room for the length in the first.
    #expect(
      hex(String(repeating: "a", count: 1_000))
        == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
  }

  @Test func aTokensDigestIsItsSHA256InLowercaseHex() {
    // What the database stores for a token: a change would lock out every phone and widget.
    #expect(
      APIToken.digest(of: "abc")
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      APIToken.digest(of: "")
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test func importedEntriesGetTheSameIdOnEveryDevice() {
    // Pinned in full, as computed apart from this code (Python's hashlib: SHA-256 of
    // "import:" + key, its first 16 bytes with the key's instant in the first six, version 8,
    // variant 10): an id that changed with a new release would split every device's history
    // in two at the next merge.
    let pinned = [
      "d|1723020480000|250000|water|health|1": "01912c06-0e00-83cc-b511-e5dfa98b7732",
      "d|1723020480000|250000|water|health|2": "01912c06-0e00-8f65-b67e-25dc6757eabf",
      "c|1623020480000|100||app|1": "0179e38f-2600-82e7-9145-080fbbbe606b",
      "no-instant-key": "522397c9-4f8b-8380-8cac-aa5a1c68a004",
    ]
    for (key, uid) in pinned {
      #expect(EntryUID.forImportKey(key) == uid, "\(key)")
      #expect(EntryUID.text(forImportKey: Array(key.utf8)) == Array(uid.utf8), "\(key)")
    }
    #expect(EntryUID.random() != EntryUID.random())
    // One maker for a whole import, its buffers reused key after key, gives the same ids.
    var maker = EntryUID.ImportIDMaker()
    var bytes: [UInt8] = []
    for key in pinned.keys.sorted() + pinned.keys.sorted() {
      Array(key.utf8).withUnsafeBufferPointer { maker.append(idForImportKey: $0, to: &bytes) }
    }
    let made = stride(from: 0, to: bytes.count, by: 16).map {
      String(decoding: EntryUID.text(ofBytes: bytes[$0..<$0 + 16]), as: UTF8.self)
    }
    #expect(made == (pinned.keys.sorted() + pinned.keys.sorted()).map { pinned[$0]! })
  }

  @Test func aTypedEntrysIdIsARandomVersion4UUIDInLowercase() {
    for _ in 0..<200 {
      let uid = EntryUID.random()
      #expect(EntryUID.isWellFormed(uid) && EntryUID.bytes(ofText: uid) != nil, "\(uid)")
      #expect(Array(uid.utf8)[14] == UInt8(ascii: "4"), "\(uid)")
      #expect("89ab".utf8.contains(Array(uid.utf8)[19]), "\(uid)")
    }
  }

  @Test func importedIdsBeginWithTheRecordsInstantSoTheyIndexInTimeOrder() {
    // 1723020480000 ms is 0x01912c060e00: the first six bytes of the id.
    let uid = EntryUID.forImportKey("d|1723020480000|250000|water|health|1")
    #expect(uid.hasPrefix("01912c06-0e00-8"))
    let later = EntryUID.forImportKey("d|1723020480001|100|tea||1")
    let earlier = EntryUID.forImportKey("c|1623020480000|100||app|1")
    #expect(earlier < uid && uid < later)
  }

  @Test func everyWayInGivesAnEntryAnIdAndATime() throws {
    let store = try DrinkStore.inMemory()
    let logged = try store.log(
      drinkName: "water", volume: Volume(milliliters: 250), at: noon, note: nil,
      day: DateInterval(start: noon.addingTimeInterval(-3600), duration: 86_400),
      now: noon.addingTimeInterval(5)
    ).drink
    #expect(logged.uid?.count == 36)
    let stored = try store.drink(id: logged.id!)
    #expect(stored.uid == logged.uid)
    #expect(stored.modifiedAt == noon.addingTimeInterval(5))
    let (edited, _) = try store.edit(
      id: logged.id!, drinkName: nil, volume: Volume(milliliters: 300), at: nil, note: nil,
      now: noon.addingTimeInterval(60))
    #expect(edited.uid == logged.uid, "an edit keeps the id")
    #expect(try store.drink(id: logged.id!).modifiedAt == noon.addingTimeInterval(60))
  }

  @Test func everyDeletionLeavesATombstone() throws {
    let store = try DrinkStore.inMemory()
    let water = try store.type(named: "Water")
    let soda = try store.type(named: "Soda")
    func add(_ type: DrinkType) throws -> Drink {
      try store.add(Drink(typeID: type.id, volume: Volume(milliliters: 250), instant: noon))
    }
    let purged = try add(soda)
    let deleted = try add(water)
    let undone = try add(water)
    let later = noon.addingTimeInterval(600)
    _ = try store.delete(ids: [deleted.id!], now: later)
    _ = try store.undoLast(now: later)
    _ = try store.purgeType("Soda", now: later)
    let tombstones = try store.read { db in
      try Row.fetchAll(db, sql: "SELECT uid, deleted_ms FROM drink_tombstone ORDER BY uid")
    }
    #expect(
      Set(tombstones.map { ($0["uid"] as StoredUID).text })
        == [deleted.uid!, undone.uid!, purged.uid!])
    #expect(tombstones.allSatisfy { ($0["deleted_ms"] as Int64) == 1_795_000_600_000 })
  }

  @Test func aVersion3DatabaseIsUpgradedInPlace() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "entry-ids-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("old.sqlite").path
    // A database as Liquidus left it before entry ids: schema v3, typed and imported entries.
    do {
      let queue = try DatabaseQueue(path: path)
      try DrinkStore.migrator.migrate(queue, upTo: "v3: caffeine and hydration of drinks")
      try queue.write { db in
        for index in 0..<50 {
          try db.execute(
            sql: """
              INSERT INTO drink (type_id, volume_ml, at_utc, note, source, import_key)
              VALUES (1, ?, ?, ?, ?, ?)
              """,
            arguments: [
              100 + index, "2026-11-\(10 + index % 9) 08:00:00.000", index == 3 ? "tea" : nil,
              index < 25 ? "typed" : "imported", index < 25 ? nil : "d|\(index)|1|water||1",
            ])
        }
      }
      try queue.close()
    }
    let store = try DrinkStore.open(at: path)
    let rows = try store.read { db in
      try Row.fetchAll(db, sql: "SELECT uid, import_key, modified_ms, at_ms FROM drink")
    }
    #expect(rows.count == 50, "every entry kept")
    let uids = rows.compactMap { ($0["uid"] as StoredUID?)?.text }
    #expect(Set(uids).count == 50, "unique ids for all")
    for row in rows {
      if let key = row["import_key"] as String? {
        #expect((row["uid"] as StoredUID).text == EntryUID.forImportKey(key))
      }
      #expect((row["modified_ms"] as Int64) == (row["at_ms"] as Int64))
    }
    // A second copy of the same old file upgrades to the same ids.
    let copy = folder.appendingPathComponent("copy.sqlite").path
    let again = try DrinkStore.open(at: path)
    _ = again
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    let copied = try DrinkStore.open(at: copy).read { db in
      try StoredUID.fetchAll(db, sql: "SELECT uid FROM drink").map(\.text)
    }
    #expect(Set(copied) == Set(uids))
  }
}
