import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// Calls `body` with every entry in `interval` (start inclusive, end exclusive), oldest first,
  /// and its type's name, reading through a cursor so memory stays flat however many there are.
  ///
  /// The whole walk is one read transaction: a concurrent `log` is either in it or not. An
  /// entry that cannot be read is passed to `damaged` and left out.
  /// - Returns: How many entries were visited.
  @discardableResult
  public func forEachDrink(
    in interval: DateInterval, damaged: (StoreError) -> Void = { _ in },
    _ body: (_ drink: Drink, _ typeName: String) throws -> Void
  ) throws -> Int {
    try read { db in
      let names = DrinkTypeNames(try DrinkType.fetchAll(db))
      var count = 0
      try Self.eachReadable(Self.request(in: interval, typeIDs: nil), db, damaged: damaged) {
        drink in
        try body(drink, names[drink.typeID])
        count += 1
      }
      return count
    }
  }
}
