import Foundation
import GRDB

/// Keeps the `day_total` cache right through a bulk import without its per-row triggers.
///
/// The triggers that drop a touched day's cached totals cost about a microsecond per inserted
/// row, a third of a second for a large export. An import instead drops them inside its
/// transaction, and before the commit puts them back and drops the cached days of the whole
/// time range it wrote. Both happen in the same transaction as the rows: a crash or a rollback
/// brings the triggers back with everything else, and no other connection ever sees the
/// database without them.
struct DayTotalTriggers {
  /// The triggers as the schema defines them, to be created again exactly.
  private var saved: [(name: String, sql: String)] = []
  /// The earliest and latest instants written since ``suspend(_:)``, in ms since 1970.
  private var touched: ClosedRange<Int64>?

  /// Drops the triggers; call right after BEGIN.
  mutating func suspend(_ db: Database) throws {
    saved = try Row.fetchAll(
      db,
      sql: """
        SELECT name, sql FROM sqlite_master
        WHERE type = 'trigger' AND name LIKE 'day\\_total\\_%' ESCAPE '\\'
        """
    ).map { ($0[0], $0[1]) }
    for trigger in saved {
      try db.execute(sql: "DROP TRIGGER \(trigger.name.quotedDatabaseIdentifier)")
    }
    touched = nil
  }

  /// Notes that rows at `milliseconds` since 1970 were written, changed or deleted.
  mutating func touch(_ milliseconds: Int64) {
    touched =
      touched.map { min($0.lowerBound, milliseconds)...max($0.upperBound, milliseconds) }
      ?? milliseconds...milliseconds
  }

  /// Drops the cached days of the range written, and creates the triggers again; call right
  /// before COMMIT.
  mutating func resume(_ db: Database) throws {
    if let touched {
      // In whole seconds, as the triggers compare (the start second of a day is in the day).
      let first = touched.lowerBound.floorDivided(by: 1000)
      let last = touched.upperBound.floorDivided(by: 1000)
      try db.execute(
        sql: "DELETE FROM day_total WHERE end_unix > ? AND start_unix <= ?",
        arguments: [first, last])
    }
    for trigger in saved { try db.execute(sql: trigger.sql) }
    saved = []
    touched = nil
  }
}

extension Int64 {
  /// Division rounding toward minus infinity: the second an instant before 1970 falls in.
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor < 0) ? quotient - 1 : quotient
  }
}
