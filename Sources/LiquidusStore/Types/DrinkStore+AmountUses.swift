import Foundation
import GRDB
import LiquidusModel

/// How often one amount of one drink was logged.
public struct AmountUse: Sendable, Hashable {
  /// The drink type's name.
  public var drinkName: String
  /// The amount, as stored.
  public var amount: Volume
  /// How many entries of that drink hold that amount.
  public var count: Int

  public init(drinkName: String, amount: Volume, count: Int) {
    self.drinkName = drinkName
    self.amount = amount
    self.count = count
  }
}

extension DrinkStore {
  /// Each amount logged of each drink since `start`, with how often: what the page's serving
  /// buttons are ordered by. An entry does not record which serving it was logged as, so a
  /// serving's uses are the entries of its amount.
  public func amountUses(since start: Date) throws -> [AmountUse] {
    try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT t.name, d.volume_ml, COUNT(*) FROM drink d JOIN drink_type t ON t.id = d.type_id
          WHERE d.at_ms >= ? GROUP BY d.type_id, d.volume_ml
          """, arguments: [start.stored]
      ).map { AmountUse(drinkName: $0[0], amount: Volume(milliliters: $0[1]), count: $0[2]) }
    }
  }
}
