import Foundation
import LiquidusTestSupport
import PropertyBased
import Testing

@testable import LiquidusModel
@testable import LiquidusStore

/// Random histories on two devices: whatever they did, merging either way round gives the
/// same entries, merging again changes nothing, and no entry either side holds is lost unless
/// a deletion is newer than it.
@Suite struct MergePropertyTests {
  let start = Date(timeIntervalSince1970: 1_795_000_000)

  /// Logs, edits and deletes at random on `store`, at times from `clock` on (some equal, to
  /// exercise the tie rule).
  func randomHistory(_ store: DrinkStore, _ random: inout SplitMix, clock: Int) throws {
    let names = ["water", "coffee", "juice", "soda"]
    for step in 0..<12 {
      let now = start.addingTimeInterval(Double(clock + step / 2) * 60)
      let ids = try store.read { db in try Drink.ID.fetchAll(db, sql: "SELECT id FROM drink") }
      switch (Int.random(in: 0..<4, using: &random), ids.randomElement(using: &random)) {
      case (0, let id?):
        _ = try store.edit(
          id: id, drinkName: names.randomElement(using: &random), volume: nil, at: nil,
          note: nil, now: now)
      case (1, let id?):
        _ = try store.edit(
          id: id, drinkName: nil,
          volume: Volume(milliliters: Double.random(in: 1...9, using: &random).rounded()),
          at: nil, note: nil, now: now)
      case (2, let id?):
        _ = try store.delete(ids: [id], now: now)
      default:
        try store.log(
          names.randomElement(using: &random)!, 100, at: start.addingTimeInterval(-3600),
          now: now)
      }
    }
  }

  @Test func mergingEitherWayRoundGivesTheSameEntries() async throws {
    await propertyCheck(count: 40, input: Gen.uint64(in: 0...UInt64.max)) { seed in
      var random = SplitMix(seed: seed)
      let common = try DrinkStore.inMemory()
      try randomHistory(common, &random, clock: 0)
      let laptop = try DrinkStore.inMemory()
      let desktop = try DrinkStore.inMemory()
      _ = try laptop.merge(from: common)
      _ = try desktop.merge(from: common)
      try randomHistory(laptop, &random, clock: 10)
      try randomHistory(desktop, &random, clock: 10)
      let laptopBefore = try laptop.mergeSnapshot()
      let desktopBefore = try desktop.mergeSnapshot()

      let laptopFirst = try DrinkStore.inMemory()
      _ = try laptopFirst.merge(laptopBefore)
      _ = try laptopFirst.merge(desktopBefore)
      let desktopFirst = try DrinkStore.inMemory()
      _ = try desktopFirst.merge(desktopBefore)
      _ = try desktopFirst.merge(laptopBefore)
      let settled = try MergeState(laptopFirst)
      #expect(try MergeState(desktopFirst) == settled, "seed \(seed)")

      let again = try laptopFirst.merge(desktopBefore)
      #expect(again.added + again.updated + again.deleted == 0, "seed \(seed)")
      #expect(try MergeState(laptopFirst) == settled, "seed \(seed)")

      // Every entry either side holds is there, unless the other side deleted it later.
      let tombstones = Dictionary(
        (laptopBefore.tombstones + desktopBefore.tombstones).map { ($0.uid, $0.deletedAt) },
        uniquingKeysWith: max)
      for entry in laptopBefore.entries + desktopBefore.entries
      where entry.modifiedAt > tombstones[entry.uid, default: ""] {
        #expect(settled.entries[entry.uid] != nil, "seed \(seed): \(entry.uid) lost")
      }
    }
  }

  @Test func theNewestVersionOfEveryEntryWinsAsAPlainModelSays() async throws {
    // The model, written apart from EntryState.newest: of every version and deletion of an
    // id on either side, the latest change wins; at the same millisecond a deletion beats an
    // edit, and of two edits the one whose content sorts last.
    struct Change: Comparable {
      var at: String
      var isDeletion: Bool
      var content: String
      static func < (a: Change, b: Change) -> Bool {
        (a.at, a.isDeletion ? 1 : 0, a.content) < (b.at, b.isDeletion ? 1 : 0, b.content)
      }
    }
    await propertyCheck(count: 40, input: Gen.uint64(in: 0...UInt64.max)) { seed in
      var random = SplitMix(seed: seed)
      let common = try DrinkStore.inMemory()
      try randomHistory(common, &random, clock: 0)
      let sides = [try DrinkStore.inMemory(), try DrinkStore.inMemory()]
      for side in sides {
        _ = try side.merge(from: common)
        try randomHistory(side, &random, clock: 10)
      }
      let snapshots = try sides.map { try $0.mergeSnapshot() }
      var changes: [String: [Change]] = [:]
      for snapshot in snapshots {
        for entry in snapshot.entries {
          changes[entry.uid, default: []].append(
            Change(at: entry.modifiedAt, isDeletion: false, content: entry.content))
        }
        for tombstone in snapshot.tombstones {
          changes[tombstone.uid, default: []].append(
            Change(at: tombstone.deletedAt, isDeletion: true, content: ""))
        }
      }
      _ = try sides[0].merge(snapshots[1])
      let merged = try MergeState(sides[0])
      #expect(Set(merged.entries.keys).union(merged.tombstones.keys) == Set(changes.keys))
      for (uid, versions) in changes {
        let winner = try #require(versions.max())
        if winner.isDeletion {
          #expect(merged.entries[uid] == nil, "seed \(seed): \(uid) should be deleted")
          #expect(merged.tombstones[uid] == winner.at, "seed \(seed): \(uid)")
        } else {
          #expect(
            merged.entries[uid] == winner.content + " @" + winner.at,
            "seed \(seed): \(uid) should be \(winner)")
        }
      }
    }
  }
}
