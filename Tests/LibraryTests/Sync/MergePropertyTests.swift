import Foundation
import PropertyBased
import Testing

@testable import LiquidusModel
@testable import LiquidusStore

/// Random histories on two devices: whatever they did, merging either way round gives the
/// same entries, merging again changes nothing, and no entry either side holds is lost unless
/// a deletion is newer than it.
@Suite struct MergePropertyTests {
  let start = Date(timeIntervalSince1970: 1_795_000_000)

  /// A small deterministic generator, so that a failing seed can be replayed.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Logs, edits and deletes at random on `store`, at times from `clock` on (some equal, to
  /// exercise the tie rule).
  func randomHistory(_ store: DrinkStore, _ random: inout SplitMix, clock: Int) throws {
    let names = ["water", "coffee", "juice", "soda"]
    for step in 0..<12 {
      let now = start.addingTimeInterval(Double(clock + step / 2) * 60)
      let ids = try store.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM drink") }
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
      var random = SplitMix(state: seed)
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
}
