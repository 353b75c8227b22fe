import Foundation
import GRDB
import LiquidusModel

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
    try connection.unsafeRead(Self.dataVersion)
  }

  /// `db`'s `PRAGMA data_version`, with the connection's cached statement.
  static func dataVersion(_ db: Database) throws -> Int64 {
    try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
  }

  /// Every token with the digest of its secret (``DrinkStore/tokenDigests()``), read on this
  /// connection and on the caller's thread.
  ///
  /// The server checks a request's token against digests it keeps until the version moves,
  /// which every drink logged makes it do: read through the store, the next request paid a
  /// hop to a reader and back and 250k instructions, most of a POST's difference from its
  /// floor. Read here, the few rows come from pages the system holds in memory, like
  /// ``version()``'s.
  public func tokenDigests() throws -> [(APIToken, String)] {
    try connection.unsafeRead(DrinkStore.tokenDigests)
  }
}
