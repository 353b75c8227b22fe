import Foundation
import GRDB

/// Tells when anyone — this process or another (`liquidus log` in a shell, an import) — has
/// committed to the database: SQLite's `PRAGMA data_version` on a connection of its own
/// changes whenever another connection commits.
///
/// The server polls it to push the status to pages and widgets without their polling it.
public final class ChangeCounter: Sendable {
  private let connection: DatabaseQueue

  /// A read-only connection to `store`'s file; nil for an in-memory store.
  public init?(watching store: DrinkStore) throws {
    guard let path = store.path else { return nil }
    var config = Configuration()
    config.readonly = true
    config.label = "liquidus.changes"
    connection = try DatabaseQueue(path: path, configuration: config)
  }

  /// A number that changes when another connection commits.
  public func version() throws -> Int64 {
    try connection.unsafeRead { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
  }
}
