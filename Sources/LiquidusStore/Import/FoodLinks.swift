import Foundation
import GRDB
import GRDBSQLite
import LiquidusModel

/// Applies a file's Food correlations once every record of it is in: each linked caffeine
/// record is marked as its drink's, and its milligrams become the drink's caffeine. Running it
/// again changes nothing.
///
/// The four statements per link are stepped through the raw SQLite API, as the import's inserts
/// are (see ``ImportTable``): through GRDB's arguments (an array of enums per call, checked
/// against the statement) a link cost about 57,000 instructions, and a 1M-record export holds
/// 24,000 links, all applied after the reading has ended, on the writing thread alone.
struct FoodLinks {
  private let db: Database
  private let drink: Statement
  private let caffeine: Statement
  private let mark: Statement
  private let give: Statement

  init(_ db: Database) throws {
    self.db = db
    // Both sides not linked yet: two coffees of one meal (same time, same volume) each get
    // their own caffeine, and a second import of the file finds nothing left to link.
    // The first such row is MIN(id) rather than ORDER BY id LIMIT 1, the same row: the drink's
    // time index is not in id order, so the ORDER BY built a temporary b-tree for every link.
    drink = try db.cachedStatement(
      sql: """
        SELECT MIN(id) FROM drink
        WHERE at_ms = ? AND volume_ml = ? AND source = 'imported' AND source_name IS ?
          AND NOT EXISTS (SELECT 1 FROM caffeine WHERE caffeine.drink_id = drink.id)
        """)
    caffeine = try db.cachedStatement(
      sql: """
        SELECT MIN(id) FROM caffeine
        WHERE at_ms = ? AND mg = ? AND source_name IS ? AND drink_id IS NULL
        """)
    mark = try db.cachedStatement(sql: "UPDATE caffeine SET drink_id = ? WHERE id = ?")
    // The drink changed (its caffeine), so a merge carries the change to the other database.
    // Stamped a millisecond after the drink's own instant, like the import's rows (see
    // ImportWriter): the linked version outdates the unlinked one that an older export gave
    // another device, and stays older than anything a person changes later.
    give = try db.cachedStatement(
      sql: """
        UPDATE drink SET caffeine_mg = ?, modified_ms = at_ms + 1
        WHERE id = ?
        """)
  }

  /// Applies `links` in their order; `touched` hears of each instant whose day changed.
  func apply(_ links: [FoodLink], touched: (Date) -> Void) throws {
    for link in links {
      guard
        let caffeineID = try firstID(
          caffeine, link.caffeineInstant, link.milligrams, link.caffeineSource),
        let drinkID = try firstID(drink, link.drinkInstant, link.milliliters, link.drinkSource)
      else { continue }
      touched(link.drinkInstant)
      touched(link.caffeineInstant)
      let marking = mark.sqliteStatement
      sqlite3_bind_int64(marking, 1, drinkID)
      sqlite3_bind_int64(marking, 2, caffeineID)
      try step(marking)
      let giving = give.sqliteStatement
      sqlite3_bind_double(giving, 1, link.milligrams)
      sqlite3_bind_int64(giving, 2, drinkID)
      try step(giving)
    }
  }

  /// The smallest id `statement` finds for an instant, an amount and a source app, if any.
  private func firstID(
    _ statement: Statement, _ instant: Date, _ amount: Double, _ source: String?
  ) throws -> Int64? {
    let query = statement.sqliteStatement
    defer {
      sqlite3_reset(query)
      sqlite3_clear_bindings(query)
    }
    sqlite3_bind_int64(query, 1, instant.millisecondsSince1970)
    sqlite3_bind_double(query, 2, amount)
    if let source {
      _ = sqlite3_bind_text(query, 3, source, -1, transient)
    } else {
      sqlite3_bind_null(query, 3)
    }
    let code = sqlite3_step(query)
    guard code == SQLITE_ROW else { throw ImportTable.error(code, db) }
    // MIN over no rows is one row holding NULL.
    if sqlite3_column_type(query, 0) == SQLITE_NULL { return nil }
    return sqlite3_column_int64(query, 0)
  }

  private func step(_ statement: SQLiteStatement) throws {
    let code = sqlite3_step(statement)
    sqlite3_reset(statement)
    guard code == SQLITE_DONE else { throw ImportTable.error(code, db) }
  }
}

/// SQLite's "copy the bytes now" destructor, which Swift cannot spell as a constant.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
