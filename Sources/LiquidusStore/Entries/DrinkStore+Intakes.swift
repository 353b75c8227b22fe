import Foundation
import GRDB
import LiquidusModel

/// One intake as a day's figures need it: when, what, how much, and from where. No note and no
/// ids, so a year of a million entries streams without decoding what the figures never read.
public struct IntakeRow: Sendable, Hashable {
  /// Milliseconds since 1970, UTC.
  public var milliseconds: Int64
  /// The drink's type; nil for a caffeine record that is not a drink (Apple Health's
  /// DietaryCaffeine without a drink beside it).
  public var typeID: DrinkType.ID?
  /// Millilitres; 0 for a caffeine record.
  public var milliliters: Double
  /// Milligrams of caffeine.
  public var caffeine: Double
  /// Whether the entry was typed (at the command line or on the page) rather than imported.
  public var isTyped: Bool
  /// The app or device an imported entry's file named, when it said.
  public var sourceName: String?

  /// Whether this is a drink, rather than a caffeine record alone.
  public var isDrink: Bool { typeID != nil }
}

extension DrinkStore {
  /// Calls `body` with every drink and every caffeine record that is not a drink in
  /// `interval`, in time order, through one cursor in one read transaction: memory stays flat
  /// however many there are.
  ///
  /// A row whose time or amount cannot be read goes to `damaged` and is left out.
  public func forEachIntake(
    in interval: DateInterval, damaged: (StoreError) -> Void = { _ in },
    _ body: (IntakeRow) throws -> Void
  ) throws {
    try read { db in
      let bounds = (interval.start.stored, interval.end.stored)
      // UNION ALL with one ORDER BY: SQLite merges the two time indexes' orders without a sort.
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT at_ms, type_id, volume_ml, caffeine_mg, source = 'typed', source_name, id
            FROM drink WHERE at_ms >= ?1 AND at_ms < ?2
          UNION ALL
          SELECT at_ms, NULL, 0, mg, 0, source_name, 0
            FROM caffeine WHERE at_ms >= ?1 AND at_ms < ?2 AND drink_id IS NULL
          ORDER BY 1
          """,
        arguments: [bounds.0, bounds.1])
      while let row = try rows.next() {
        let value = { (index: Int) in row[index] as DatabaseValue? ?? .null }
        let time = value(0)
        guard case .int64(let milliseconds) = time.storage else {
          damaged(.damagedEntry(id: row[6] ?? 0, column: "at_ms", value: "\(time)"))
          continue
        }
        // Read through DatabaseValue: GRDB's typed subscript traps on a value of another kind.
        guard let milliliters = Double.fromDatabaseValue(value(2)),
          let caffeine = Double.fromDatabaseValue(value(3))
        else {
          damaged(
            .damagedEntry(id: row[6] ?? 0, column: "volume_ml", value: "\(value(2))"))
          continue
        }
        try body(
          IntakeRow(
            milliseconds: milliseconds,
            typeID: Int64.fromDatabaseValue(value(1)).map(DrinkType.ID.init),
            milliliters: milliliters, caffeine: caffeine,
            isTyped: Bool.fromDatabaseValue(value(4)) ?? false,
            sourceName: String.fromDatabaseValue(value(5))))
      }
    }
  }
}
