import Foundation
import GRDB
import LiquidusTestSupport
import PropertyBased
import Testing

@testable import LiquidusModel
@testable import LiquidusSources
@testable import LiquidusStore

/// Health Connect's export is an SQLite database, which the libFuzzer targets cannot open
/// (they build without GRDB), so it is fuzzed here: a valid export with values of every
/// storage class SQLite has written over random cells of the columns Liquidus reads. Whatever
/// a cell holds, the import ends with a report or an ImportError, and what it stored is a drink,
/// a caffeine record or a workout a person could have logged. `propertyCheck` prints a failing
/// seed.
@Suite final class HealthConnectFuzzTests {
  let directory: TemporaryDirectory
  let now = Date(timeIntervalSince1970: 1_795_179_780)  // 2026-11-20 13:03 UTC

  init() throws { directory = try TemporaryDirectory() }
  deinit { directory.remove() }

  /// Values no phone should write, of each storage class: NULL, integers at their limits,
  /// reals at theirs, text of every shape and a blob.
  static let hostile: [DatabaseValue] = [
    .null, 0.databaseValue, (-1).databaseValue, Int64.max.databaseValue,
    Int64.min.databaseValue, 1e308.databaseValue, (-1e308).databaseValue,
    Double.infinity.databaseValue, Double.leastNonzeroMagnitude.databaseValue, 9.3e18.databaseValue,
    1e300.databaseValue, (-0.25).databaseValue, "abc".databaseValue, "".databaseValue,
    "0.25".databaseValue, "2026-11-20".databaseValue, "-2026-11-18".databaseValue,
    String(repeating: "x", count: 100_000).databaseValue, "a\nb\u{0}".databaseValue,
    Data([0, 1, 2, 0xFF]).databaseValue, 1_795_155_300_000.databaseValue,
    253_402_300_800_000.databaseValue,
  ]

  /// The columns the reader reads, by table.
  static let columns = [
    ("hydration_record_table", "volume"), ("hydration_record_table", "start_time"),
    ("hydration_record_table", "app_info_id"), ("hydration_record_table", "start_zone_offset"),
    ("nutrition_record_table", "caffeine"), ("nutrition_record_table", "start_time"),
    ("nutrition_record_table", "app_info_id"), ("application_info_table", "package_name"),
    ("application_info_table", "row_id"), ("exercise_session_record_table", "start_time"),
    ("exercise_session_record_table", "end_time"),
    ("exercise_session_record_table", "exercise_type"),
    ("exercise_session_record_table", "app_info_id"),
  ]

  @Test func anyValueInAnyColumnIsStoredWithinBoundsOrRejected() async throws {
    await propertyCheck(count: 80, input: Gen.uint64(in: 0...UInt64.max)) { seed in
      var random = SplitMix(seed: seed)
      let url = directory.url.appendingPathComponent("export-\(seed).db")
      defer { try? FileManager.default.removeItem(at: url) }
      try HealthConnectWorkoutTests.export.writeDatabase(to: url)
      let queue = try DatabaseQueue(path: url.path)
      for _ in 0...(random.next() % 6) {
        let (table, column) = Self.columns[Int(random.next() % UInt64(Self.columns.count))]
        let value = Self.hostile[Int(random.next() % UInt64(Self.hostile.count))]
        let row = Int64(1 + random.next() % 4)
        // A NOT NULL or UNIQUE column may refuse the value: then the cell keeps its own.
        try? queue.write { db in
          try db.execute(
            sql: "UPDATE \(table) SET \(column) = ? WHERE row_id = ?", arguments: [value, row])
        }
      }
      try queue.close()

      let store = try DrinkStore.inMemory()
      do {
        let report = try Importer(store: store, settings: ImportSettings(now: now)).importFile(
          at: url, format: .healthConnect, options: .losAngeles)
        #expect(
          report.drinksAdded <= 4 && report.caffeineAdded <= 2 && report.workoutsAdded <= 7,
          "seed \(seed)")
      } catch is ImportError {
        // Refused whole, with its reason: fine, as long as nothing was stored.
        #expect(try store.entryCount() == 0, "seed \(seed)")
        #expect(try store.workouts().isEmpty, "seed \(seed)")
      }
      for workout in try store.workouts() {
        #expect(
          workout.minutes > 0 && workout.minutes <= Workout.maximumMinutes,
          "seed \(seed): \(workout.minutes) min")
        #expect(!workout.activity.isEmpty, "seed \(seed)")
      }
      let stored = try store.mergeSnapshot()
      for entry in stored.entries {
        #expect(
          entry.milliliters > 0 && entry.milliliters <= AmountParser.absoluteLimit.milliliters,
          "seed \(seed): \(entry.milliliters) mL")
        #expect(
          (0...CaffeineAmount.maximum).contains(entry.caffeine), "seed \(seed): \(entry.caffeine)")
        #expect(
          Date.fromDatabaseValue(entry.utc.databaseValue) != nil, "seed \(seed): \(entry.utc)")
      }
      for record in stored.caffeineRecords {
        #expect(
          record.milligrams > 0 && record.milligrams <= CaffeineAmount.maximum,
          "seed \(seed): \(record.milligrams) mg")
        #expect(
          Date.fromDatabaseValue(record.utc.databaseValue) != nil, "seed \(seed): \(record.utc)")
      }
    }
  }
}
