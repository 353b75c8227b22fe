import Foundation
import GRDB

/// The server's VAPID private key (RFC 8292), kept as 32 opaque bytes: the sender makes the
/// key pair and does the cryptography; the store only keeps the key where the tokens' digests
/// are, in this database, which nothing that leaves it (an export, a merge, `config`) reads.
extension DrinkStore {
  /// The kept key; nil before the sender made one.
  public func vapidPrivateKey() throws -> [UInt8]? {
    try readOneStatement { db in
      try Data.fetchOne(db, sql: "SELECT vapid_private_key FROM push_key WHERE id = 1").map(
        Array.init)
    }
  }

  /// Keeps `candidate` unless a key is kept already, and returns the key that is kept: two
  /// servers (or a server and a command) that each made one at once agree on one, since the
  /// keeping and the reading are one transaction.
  /// - Precondition: `candidate` is 32 bytes (the table refuses any other length).
  public func keepVAPIDPrivateKey(ifAbsent candidate: [UInt8], now: Date) throws -> [UInt8] {
    try write { db in
      try db.execute(
        sql: "INSERT OR IGNORE INTO push_key (id, vapid_private_key, created_ms) VALUES (1, ?, ?)",
        arguments: [Data(candidate), now.stored])
      return Array(
        try Data.fetchOne(db, sql: "SELECT vapid_private_key FROM push_key WHERE id = 1") ?? Data())
    }
  }
}
