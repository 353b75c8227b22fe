import Foundation
import GRDB
import LiquidusModel

/// The single-use credentials of a notification's buttons (migration v14), kept by digest.
extension DrinkStore {
  /// Keeps the credential whose SHA-256 digest is `digest` (``PushAction/digest(of:)``), sent
  /// to subscription `subscriptionID`, allowing `action` until `expires`.
  /// - Throws: ``PushSubscriptionError/notFound(id:)`` when the subscription is gone.
  public func keepPushAction(
    digest: [UInt8], subscriptionID: PushSubscription.ID, allows action: PushAction, expires: Date
  ) throws {
    try write { db in
      guard
        try Bool.fetchOne(
          db, sql: "SELECT 1 FROM push_subscription WHERE id = ?", arguments: [subscriptionID])
          != nil
      else { throw PushSubscriptionError.notFound(id: subscriptionID) }
      try db.execute(
        sql: """
          INSERT INTO push_action (digest, subscription_id, allows, expires_ms)
          VALUES (?, ?, ?, ?)
          """,
        arguments: [Data(digest), subscriptionID, action.rawValue, expires.stored])
    }
  }

  /// Spends the credential whose digest is `digest`: marks it used and says what it allows,
  /// in one transaction, so a button pressed twice at once is let through once. Nil for a
  /// credential unknown, used already, expired, or of a subscription that is gone.
  public func usePushAction(digest: [UInt8], now: Date) throws -> PushActionGrant? {
    try write { db in
      guard let grant = try Self.pushActionGrant(digest, now: now, unspentOnly: true, db) else {
        return nil
      }
      try db.execute(
        sql: "UPDATE push_action SET used_ms = ? WHERE digest = ?",
        arguments: [now.stored, Data(digest)])
      return grant
    }
  }

  /// What the credential with `digest` allows and whose it is, spent or not, without spending
  /// it (a replay of its action is answered with what it did); nil when unknown, expired, or
  /// of a subscription that is gone.
  public func pushActionGrant(digest: [UInt8], now: Date) throws -> PushActionGrant? {
    try read { db in try Self.pushActionGrant(digest, now: now, unspentOnly: false, db) }
  }

  /// The grant of an unexpired credential of a subscription still kept; with `unspentOnly`,
  /// only of one not used yet.
  private static func pushActionGrant(
    _ digest: [UInt8], now: Date, unspentOnly: Bool, _ db: Database
  ) throws -> PushActionGrant? {
    guard
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT a.allows, a.subscription_id, s.token_id
          FROM push_action a JOIN push_subscription s ON s.id = a.subscription_id
          WHERE a.digest = ? AND a.expires_ms > ? AND (? = 0 OR a.used_ms IS NULL)
          """, arguments: [Data(digest), now.stored, unspentOnly]),
      let action = PushAction(rawValue: row[0])
    else { return nil }
    return PushActionGrant(action: action, subscriptionID: row[1], tokenID: row[2])
  }

  /// Forgets the credentials that expired by `now`, used or not; returns how many.
  @discardableResult
  public func prunePushActions(now: Date) throws -> Int {
    try write { db in
      try db.execute(sql: "DELETE FROM push_action WHERE expires_ms <= ?", arguments: [now.stored])
      return db.changesCount
    }
  }
}
