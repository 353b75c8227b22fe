import Foundation
import GRDB
import LiquidusModel

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
