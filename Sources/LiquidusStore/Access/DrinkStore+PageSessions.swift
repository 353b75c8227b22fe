import Foundation
import GRDB
import LiquidusModel

/// The page's sessions and one-time sign-in links, each known by the digest of its secret and
/// belonging to a token (see migration v10). Kept in the database so that they outlive a
/// restart of the server and so that `liquidus serve link`, another process, can make a link.
extension DrinkStore {
  /// Sessions kept at most; past it the ones that expire soonest go first.
  public static let pageSessionLimit = 1_000

  /// Opens a session of `token` under the digest of its id, with the CSRF token of its forms.
  public func openPageSession(
    digest: String, token: APIToken, csrf: String, expires: Date, now: Date
  ) throws {
    try write { db in
      try db.execute(
        sql: "DELETE FROM page_session WHERE expires_at <= ?", arguments: [now.utcText])
      try db.execute(
        sql: """
          DELETE FROM page_session WHERE digest IN (
            SELECT digest FROM page_session ORDER BY expires_at DESC LIMIT -1 OFFSET ?)
          """,
        arguments: [Self.pageSessionLimit - 1])
      try db.execute(
        sql: "INSERT INTO page_session (digest, token_id, csrf, expires_at) VALUES (?, ?, ?, ?)",
        arguments: [digest, token.id, csrf, expires.utcText])
    }
  }

  /// The live session whose id has this digest: its token (which must still exist) and CSRF
  /// token; nil for none, an expired one, or one of a revoked token.
  public func pageSession(digest: String, now: Date) throws -> (APIToken, csrf: String)? {
    try readOneStatement { db in
      try Row.fetchOne(
        db,
        sql: """
          SELECT t.id, t.name, t.created_at, t.last_used_at, s.csrf, t.scope
          FROM page_session s JOIN api_token t ON t.id = s.token_id
          WHERE s.digest = ? AND s.expires_at > ?
          """,
        arguments: [digest, now.utcText]
      ).map { (Self.token($0), $0[4]) }
    }
  }

  /// Ends the session whose id has this digest (signing out), and the reminders pushed to the
  /// browser it subscribed: that phone only, since every page session shares one token.
  public func closePageSession(digest: String) throws {
    try write { db in
      // Explicit as well as cascading: a file opened without foreign keys still forgets them.
      try Self.removePushSubscriptions(ofSession: digest, db)
      try db.execute(sql: "DELETE FROM page_session WHERE digest = ?", arguments: [digest])
    }
  }

  /// Stores a one-time sign-in link for `token` under the digest of its secret.
  public func addSignInLink(digest: String, token: APIToken, expires: Date, now: Date) throws {
    try write { db in
      try db.execute(sql: "DELETE FROM signin_link WHERE expires_at <= ?", arguments: [now.utcText])
      try db.execute(
        sql: "INSERT INTO signin_link (digest, token_id, expires_at) VALUES (?, ?, ?)",
        arguments: [digest, token.id, expires.utcText])
    }
  }

  /// Spends the link whose secret has this digest: deletes it and returns its token, in one
  /// transaction, so that two browsers opening it at once sign in once between them. Nil for
  /// an unknown, spent or expired link (an expired one is deleted too).
  public func redeemSignInLink(digest: String, now: Date) throws -> APIToken? {
    try write { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT t.id, t.name, t.created_at, t.last_used_at, l.expires_at, t.scope
          FROM signin_link l JOIN api_token t ON t.id = l.token_id WHERE l.digest = ?
          """,
        arguments: [digest])
      try db.execute(sql: "DELETE FROM signin_link WHERE digest = ?", arguments: [digest])
      guard let row, (row[4] as Date) > now else { return nil }
      return Self.token(row)
    }
  }

  /// The token named `name`; nil for none.
  public func token(named name: String) throws -> APIToken? {
    try read { db in try Self.token(named: name, db) }
  }
}
