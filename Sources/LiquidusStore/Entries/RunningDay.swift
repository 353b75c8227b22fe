import Foundation
import GRDB
import LiquidusModel
import Synchronization

/// What a day held, as a logged drink's receipt reports it: millilitres, millilitres counted
/// toward the goal, and caffeine from drinks and from records linked to none.
struct DaySums: Sendable, Equatable {
  var total: Double
  var counted: Double
  var caffeineOfDrinks: Double
  var caffeineOfRecords: Double

  /// The day's sums, summed from its entries: one statement, a join and a subquery in plain
  /// SQL, which the query interface would build again on every `log`.
  static func summed(_ day: DateInterval, _ db: Database) throws -> DaySums {
    let row = try Row.fetchOne(
      db.cachedStatement(
        sql: """
          SELECT TOTAL(d.volume_ml), TOTAL(d.volume_ml * t.hydration_factor),
            TOTAL(d.caffeine_mg),
            (SELECT TOTAL(mg) FROM caffeine
             WHERE at_ms >= ?1 AND at_ms < ?2 AND drink_id IS NULL)
          FROM drink d JOIN drink_type t ON t.id = d.type_id
          WHERE d.at_ms >= ?1 AND d.at_ms < ?2
          """), arguments: [day.start.stored, day.end.stored])
    return DaySums(
      total: row?[0] ?? 0, counted: row?[1] ?? 0, caffeineOfDrinks: row?[2] ?? 0,
      caffeineOfRecords: row?[3] ?? 0)
  }

  /// These sums with `drink` (of `type`) added.
  func adding(_ drink: Drink, of type: DrinkType) -> DaySums {
    let milliliters = drink.volume.milliliters
    return DaySums(
      total: total + milliliters, counted: counted + milliliters * type.hydrationFactor,
      caffeineOfDrinks: caffeineOfDrinks + drink.caffeine, caffeineOfRecords: caffeineOfRecords)
  }
}

/// The sums of the day the last `log` wrote into, kept for the next `log` into that day: a
/// server logging thousands of drinks into one day (a sensor, a care home's day) otherwise sums
/// the whole day again for each receipt, and each answer grows slower with the day.
///
/// Kept with a ``Stamp`` of the database right after that drink; the next `log` takes them
/// only if its own stamp, read before it writes, is the same, so that nothing else changed
/// in between. Anything else sums the day from its entries, as before.
final class RunningDay: Sendable {
  /// What tells that nothing changed between two writes on one connection:
  /// - `dataVersion` moves when another connection (another process: a shell's `log`, an
  ///   import, a merge) commits;
  /// - `totalChanges` counts every row this connection inserted, changed or deleted (an edit,
  ///   an undo, a type's new hydration factor, a caffeine record);
  /// - `lastDrinkID` goes back when a transaction holding the kept drink rolled back, which
  ///   changes no count.
  struct Stamp: Sendable, Equatable {
    var dataVersion: Int64
    var totalChanges: Int
    var lastDrinkID: Int64

    /// The stamp of `db` now, inside the write transaction.
    static func read(_ db: Database) throws -> Stamp {
      Stamp(
        dataVersion: try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0,
        totalChanges: db.totalChangesCount,
        lastDrinkID: try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(id) FROM drink"))
          ?? 0)
    }
  }

  private let kept = Mutex<(day: DateInterval, sums: DaySums, stamp: Stamp)?>(nil)

  /// The kept sums of `day`, when they were kept at `stamp`.
  func sums(of day: DateInterval, at stamp: Stamp) -> DaySums? {
    kept.withLock { kept in
      guard let kept, kept.day == day, kept.stamp == stamp else { return nil }
      return kept.sums
    }
  }

  /// Keeps `sums` of `day`, as the database stands at `stamp`.
  func keep(_ sums: DaySums, of day: DateInterval, at stamp: Stamp) {
    kept.withLock { $0 = (day, sums, stamp) }
  }
}
