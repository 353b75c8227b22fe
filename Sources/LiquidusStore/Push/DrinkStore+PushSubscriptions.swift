import Foundation
import GRDB
import LiquidusModel

/// The browsers that get reminders pushed to them (migration v14): added, listed, removed,
/// and what the sender notes about each.
extension DrinkStore {
  /// Keeps `draft` for `owner`: a new row, or, for an endpoint already kept, the same row with
  /// the new keys, label and owner (a browser that subscribes again is still one browser).
  /// The action credentials sent to the old row are dropped with its old keys.
  /// - Throws: ``PushSubscriptionError/tooMany(limit:)`` when the owner's token already has
  ///   ``PushSubscription/limitPerToken`` other subscriptions; nothing is written then.
  @discardableResult
  public func keepPushSubscription(
    _ draft: PushSubscriptionDraft, for owner: PushOwner, now: Date
  ) throws -> PushSubscription {
    try write { db in
      let others =
        try Int.fetchOne(
          db,
          sql: "SELECT COUNT(*) FROM push_subscription WHERE token_id = ? AND endpoint != ?",
          arguments: [owner.tokenID, draft.endpoint]) ?? 0
      guard others < PushSubscription.limitPerToken else {
        throw PushSubscriptionError.tooMany(limit: PushSubscription.limitPerToken)
      }
      try db.execute(
        sql: """
          DELETE FROM push_action WHERE subscription_id IN (
            SELECT id FROM push_subscription WHERE endpoint = ?)
          """, arguments: [draft.endpoint])
      try db.execute(
        sql: """
          INSERT INTO push_subscription
            (token_id, page_session_digest, endpoint, p256dh, auth, device, created_ms)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (endpoint) DO UPDATE SET
            token_id = excluded.token_id, page_session_digest = excluded.page_session_digest,
            p256dh = excluded.p256dh, auth = excluded.auth, device = excluded.device,
            created_ms = excluded.created_ms, last_sent_ms = NULL, failures = 0
          """,
        arguments: [
          owner.tokenID, owner.pageSessionDigest, draft.endpoint, Data(draft.p256dh),
          Data(draft.auth), draft.device, now.stored,
        ])
      let row = try Row.fetchOne(
        db, sql: "SELECT \(Self.pushColumns) WHERE endpoint = ?", arguments: [draft.endpoint])
      return Self.pushSubscription(row!)
    }
  }

  /// The subscriptions of the token `tokenID` (every token's for nil), oldest first. One made
  /// from a page session that has expired is left out: it ends with that session, which the
  /// next sign-in prunes.
  public func pushSubscriptions(ofToken tokenID: APIToken.ID? = nil, now: Date) throws
    -> [PushSubscription]
  {
    try readOneStatement { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT \(Self.pushColumns)
          WHERE (?1 IS NULL OR token_id = ?1)
            AND (page_session_digest IS NULL OR EXISTS (
              SELECT 1 FROM page_session s
              WHERE s.digest = page_session_digest AND s.expires_at > ?2))
          ORDER BY created_ms, id
          """, arguments: [tokenID, now.utcText]
      ).map(Self.pushSubscription)
    }
  }

  /// Removes the subscription `id`, only if it is the token `tokenID`'s (anyone's for nil:
  /// the command line, or the sender told by the push service that it is gone).
  /// - Returns: the subscription as it was.
  /// - Throws: ``PushSubscriptionError/notFound(id:)`` for none (or another token's).
  @discardableResult
  public func removePushSubscription(
    id: PushSubscription.ID, ofToken tokenID: APIToken.ID? = nil
  ) throws
    -> PushSubscription
  {
    try write { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT \(Self.pushColumns) WHERE id = ?1 AND (?2 IS NULL OR token_id = ?2)",
          arguments: [id, tokenID])
      else { throw PushSubscriptionError.notFound(id: id) }
      // Explicit as well as cascading: a file opened without foreign keys still forgets them.
      try db.execute(sql: "DELETE FROM push_action WHERE subscription_id = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM push_subscription WHERE id = ?", arguments: [id])
      return Self.pushSubscription(row)
    }
  }

  /// Notes that a reminder reached the push service of subscription `id` at `now`.
  public func notePushSent(id: PushSubscription.ID, at now: Date) throws {
    try write { db in
      try db.execute(
        sql: "UPDATE push_subscription SET last_sent_ms = ?, failures = 0 WHERE id = ?",
        arguments: [now.stored, id])
    }
  }

  /// Notes a send to subscription `id` that failed; returns the failures since the last one
  /// that got through (0 when the subscription is gone).
  @discardableResult
  public func notePushFailed(id: PushSubscription.ID) throws -> Int {
    try write { db in
      try db.execute(
        sql: "UPDATE push_subscription SET failures = failures + 1 WHERE id = ?", arguments: [id])
      return try Int.fetchOne(
        db, sql: "SELECT failures FROM push_subscription WHERE id = ?", arguments: [id]) ?? 0
    }
  }

  /// Removes the subscriptions of the page session with this digest, and their credentials:
  /// part of signing out, besides the cascade.
  static func removePushSubscriptions(ofSession digest: String, _ db: Database) throws {
    try db.execute(
      sql: """
        DELETE FROM push_action WHERE subscription_id IN (
          SELECT id FROM push_subscription WHERE page_session_digest = ?)
        """, arguments: [digest])
    try db.execute(
      sql: "DELETE FROM push_subscription WHERE page_session_digest = ?", arguments: [digest])
  }

  /// Removes the subscriptions of the token `tokenID`, and their credentials: part of
  /// revoking it, besides the cascade.
  static func removePushSubscriptions(ofToken tokenID: APIToken.ID, _ db: Database) throws {
    try db.execute(
      sql: """
        DELETE FROM push_action WHERE subscription_id IN (
          SELECT id FROM push_subscription WHERE token_id = ?)
        """, arguments: [tokenID])
    try db.execute(sql: "DELETE FROM push_subscription WHERE token_id = ?", arguments: [tokenID])
  }

  /// What ``pushSubscription(_:)`` reads, in its order.
  static let pushColumns = """
    id, token_id, page_session_digest, endpoint, p256dh, auth, device, created_ms,
      last_sent_ms, failures FROM push_subscription
    """

  static func pushSubscription(_ row: Row) -> PushSubscription {
    PushSubscription(
      id: row[0], tokenID: row[1], pageSessionDigest: row[2], endpoint: row[3],
      p256dh: Array(row[4] as Data? ?? Data()), auth: Array(row[5] as Data? ?? Data()),
      device: row[6], createdAt: (row[7] as StoredInstant?)?.date ?? .distantPast,
      lastSentAt: (row[8] as StoredInstant?)?.date, failures: row[9])
  }
}
