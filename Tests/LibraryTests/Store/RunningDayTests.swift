import Foundation
import GRDB
import LiquidusTestSupport
import Testing

@testable import LiquidusModel
@testable import LiquidusStore

/// A logged drink's receipt reports its day's sums, and the store keeps them for the next drink
/// into that day (``RunningDay``) instead of summing the day again. Whatever happens between two
/// drinks (an edit, a deletion, another process's drink or change, a rolled-back write, a
/// type's new hydration factor, a caffeine record), each receipt says what summing the day's
/// entries says.
@Suite struct RunningDayTests {
  let day = DateInterval(start: Date(timeIntervalSince1970: 1_795_000_000), duration: 86_400)
  let types = ["water", "coffee", "soda"]

  struct Refused: Error {}

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func everyReceiptSaysWhatSummingTheDaySays(seed: UInt64) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.url.appendingPathComponent("db.sqlite").path
    let store = try DrinkStore.open(at: path)
    // Another process's connection to the same file: its commits move the version.
    let elsewhere = try DrinkStore.open(at: path)
    var random = SplitMix(seed: seed)
    var ids: [Drink.ID] = []
    var checked = 0
    for step in 0..<240 {
      let now = day.start.addingTimeInterval(Double(step))
      switch random.next() % 8 {
      case 0...2:
        let receipt = try log(in: store, &random, now: now)
        ids.append(try #require(receipt.drink.id))
        try expectSums(of: receipt, in: store, "step \(step)")
        checked += 1
      case 3 where random.next() % 2 == 0:
        let receipt = try log(in: elsewhere, &random, now: now)
        ids.append(try #require(receipt.drink.id))
        try expectSums(of: receipt, in: elsewhere, "step \(step), the other connection")
      case 3:
        // A change only the file's version tells this store of: no id, no count of its own.
        _ = try elsewhere.setHydrationFactor(
          Double(random.next() % 12) / 10, ofType: types[Int(random.next() % 3)])
      case 4 where !ids.isEmpty:
        let id = ids[Int(random.next() % UInt64(ids.count))]
        _ = try store.edit(
          id: id, drinkName: nil, volume: Volume(milliliters: Double(1 + random.next() % 900)),
          at: nil, note: nil, now: now)
      case 5 where !ids.isEmpty:
        let id = ids.remove(at: Int(random.next() % UInt64(ids.count)))
        _ = try store.delete(ids: [id], now: now)
      case 6:
        // A drink logged and kept, then rolled back with the write around it; half the time
        // after deleting the newest entry, whose id a plain rowid would give the drink again.
        let newest = random.next() % 2 == 0 ? ids.max() : nil
        try store.sharingOneTransaction([
          {
            _ = try? store.write { _ in
              if let newest { _ = try store.delete(ids: [newest], now: now) }
              _ = try self.log(in: store, &random, now: now)
              throw Refused()
            }
          }
        ])
      default:
        if random.next() % 2 == 0 {
          _ = try store.setHydrationFactor(
            Double(random.next() % 12) / 10, ofType: types[Int(random.next() % 3)])
        } else {
          try store.write { db in
            try db.execute(
              sql: """
                INSERT INTO caffeine (at_ms, mg, source_name, import_key, drink_id)
                VALUES (?, ?, 'test', ?, NULL)
                """,
              arguments: [
                Int64(day.start.timeIntervalSince1970 + Double(step)) * 1000, 40, "record-\(step)",
              ])
          }
        }
      }
    }
    #expect(checked > 40, "the seed logged too few drinks to test anything")
  }

  private func log(in store: DrinkStore, _ random: inout SplitMix, now: Date) throws
    -> LogReceipt
  {
    try store.log(
      drinkName: types[Int(random.next() % 3)],
      volume: Volume(milliliters: Double(1 + random.next() % 500)),
      at: day.start.addingTimeInterval(Double(random.next() % 86_400)), note: nil, day: day,
      caffeine: random.next() % 4 == 0 ? Double(random.next() % 200) : nil, now: now)
  }

  private func expectSums(of receipt: LogReceipt, in store: DrinkStore, _ comment: Comment)
    throws
  {
    let summed = try store.read { db in try DaySums.summed(day, db) }
    #expect(abs(receipt.dayTotal.milliliters - summed.total) < 1e-6, comment)
    #expect(abs(receipt.dayHydration.milliliters - summed.counted) < 1e-6, comment)
    #expect(
      abs(receipt.dayCaffeine - (summed.caffeineOfDrinks + summed.caffeineOfRecords)) < 1e-6,
      comment)
  }
}
