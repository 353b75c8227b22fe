import Foundation
import GRDB
import LiquidusModel

/// The server's tokens: made, listed, looked up and revoked. Only digests are stored.
extension DrinkStore {
  /// Stores a new token under `name` with the digest of its secret and what it may do.
  /// - Throws: ``StoreError/tokenNameTaken(_:)`` when a token of that name exists.
  public func addToken(
    named name: String, digest: String, scope: APIToken.Scope = .readWrite, now: Date
  ) throws -> APIToken {
    guard APIToken.isValidName(name) else { throw StoreError.invalidTokenName(name) }
    return try write { db in
      if try Self.token(named: name, db) != nil { throw StoreError.tokenNameTaken(name) }
      try db.execute(
        sql: "INSERT INTO api_token (name, digest, created_at, scope) VALUES (?, ?, ?, ?)",
        arguments: [name, digest, now.utcText, scope.rawValue])
      return APIToken(
        id: APIToken.ID(db.lastInsertedRowID), name: name, createdAt: now, lastUsedAt: nil,
        scope: scope)
    }
  }

  /// Every token, oldest first.
  public func tokens() throws -> [APIToken] {
    try read { db in
      try Row.fetchAll(
        db, sql: "SELECT id, name, created_at, last_used_at, scope FROM api_token ORDER BY id"
      ).map(Self.token)
    }
  }

  /// The token whose secret has this digest; nil for none.
  ///
  /// The lookup is by the digest's index: equal digests are the only match, and a guess
  /// learns nothing from timing but whether a digest exists, which needs the secret.
  public func token(withDigest digest: String) throws -> APIToken? {
    try readOneStatement { db in
      try Row.fetchOne(
        db.cachedStatement(
          sql: "SELECT id, name, created_at, last_used_at, scope FROM api_token WHERE digest = ?"),
        arguments: [digest]
      ).map(Self.token)
    }
  }

  /// Notes that `token` was used at `now` (the server calls this at most once a minute).
  public func markUsed(_ token: APIToken, now: Date) throws {
    try write { db in
      try db.execute(
        sql: "UPDATE api_token SET last_used_at = ? WHERE id = ?",
        arguments: [now.utcText, token.id])
    }
  }

  /// Removes the token named `name`; the requests it made, the page sessions it opened, its
  /// unspent sign-in links and the phones it had reminders pushed to go with it.
  /// - Throws: ``StoreError/unknownToken(_:)`` when there is none.
  public func revokeToken(named name: String) throws -> APIToken {
    try write { db in
      guard let token = try Self.token(named: name, db) else {
        throw StoreError.unknownToken(name)
      }
      // Explicit as well as cascading: a file opened without foreign keys still forgets them.
      try Self.removePushSubscriptions(ofToken: token.id, db)
      for table in ["api_request", "page_session", "signin_link"] {
        try db.execute(sql: "DELETE FROM \(table) WHERE token_id = ?", arguments: [token.id])
      }
      try db.execute(sql: "DELETE FROM api_token WHERE id = ?", arguments: [token.id])
      return token
    }
  }

  static func token(named name: String, _ db: Database) throws -> APIToken? {
    try Row.fetchOne(
      db, sql: "SELECT id, name, created_at, last_used_at, scope FROM api_token WHERE name = ?",
      arguments: [name]
    ).map(token)
  }

  /// A token from a row whose first columns are `id, name, created_at, last_used_at` and
  /// which has a `scope` column; a scope this release does not know reads as read-only.
  static func token(_ row: Row) -> APIToken {
    APIToken(
      id: row[0], name: row[1], createdAt: row[2], lastUsedAt: row[3],
      scope: APIToken.Scope(rawValue: row["scope"] ?? "") ?? .readOnly)
  }
}

extension DrinkStore {
  /// Every token with the digest of its secret, for a comparison that takes the same time
  /// whichever token (if any) a secret belongs to.
  public func tokenDigests() throws -> [(APIToken, String)] {
    try readOneStatement(Self.tokenDigests)
  }

  /// Every token with its digest, read on `db` with the connection's cached statement: the
  /// server reads them again after every commit (see ``ChangeCounter/tokenDigests()``).
  static func tokenDigests(_ db: Database) throws -> [(APIToken, String)] {
    try Row.fetchAll(
      db.cachedStatement(
        sql: "SELECT id, name, created_at, last_used_at, scope, digest FROM api_token")
    ).map { (Self.token($0), $0[5]) }
  }
}
