import Foundation
import GRDB
import LiquidusModel

/// The API requests that logged drinks: what makes a retried `POST /api/drinks` harmless, and
/// what `POST /api/undo` undoes. Each is kept for ``requestWindow``.
extension DrinkStore {
  /// How long a request is kept: a retry within it gets the first entry back, a retry after it
  /// is a new request (it logs again), and undo reaches only the drinks logged within it. A
  /// phone retries within minutes; keys kept forever grew with every drink, also long deleted
  /// ones. 48 hours, the longer end of what payment APIs keep.
  public static let requestWindow: TimeInterval = 48 * 3600

  /// The oldest `created_at` still kept at `now`.
  static func oldestKeptRequest(at now: Date) -> UTCText {
    now.addingTimeInterval(-requestWindow).utcText
  }

  /// Keeps `request` with the entry it logged, and forgets the requests older than
  /// ``requestWindow``; called inside `log`'s transaction, so the table stays as small as the
  /// window's drinks without a task of its own.
  static func record(_ request: RequestKey, logged drink: Drink, now: Date, _ db: Database) throws {
    // This token's old keys only: the (token_id, created_at) index finds them, where the
    // whole table's would be scanned on every POST. Another token's are pruned by its own
    // next drink, and lookups ignore any key past the window meanwhile.
    // Cached statements, as every statement of a POST's path: a server runs them on every drink.
    try db.cachedStatement(sql: "DELETE FROM api_request WHERE token_id = ? AND created_at < ?")
      .execute(arguments: [request.tokenID, oldestKeptRequest(at: now)])
    do {
      try db.cachedStatement(
        sql: """
          INSERT INTO api_request (token_id, request_key, fingerprint, drink_uid, created_at)
          VALUES (?, ?, ?, ?, ?)
          """
      ).execute(
        arguments: [
          request.tokenID, request.key, request.fingerprint, drink.uid?.storedUID, now.utcText,
        ])
    } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
      // The same key at the same moment: the retry lost the race to its original. Throwing
      // rolls this drink back, and the caller answers with the original's entry.
      throw StoreError.requestKeyReused(request.key)
    }
  }

  /// What an earlier request with the same token and key logged.
  public enum EarlierRequest: Sendable {
    /// None: this request is new.
    case none
    /// The same request logged this entry (nil when the entry has since been deleted).
    case same(Drink?)
    /// The key was used for a different request.
    case different
  }

  /// Whether `request`'s key was seen before (within ``requestWindow`` of `now`), and what it
  /// logged then.
  public func earlierRequest(like request: RequestKey, now: Date) throws -> EarlierRequest {
    try read { db in
      guard
        let row = try Row.fetchOne(
          db.cachedStatement(
            sql: """
              SELECT fingerprint, drink_uid FROM api_request
              WHERE token_id = ? AND request_key = ? AND created_at >= ?
              """),
          arguments: [request.tokenID, request.key, Self.oldestKeptRequest(at: now)])
      else { return .none }
      guard row[0] as String == request.fingerprint else { return .different }
      let uid = row[1] as DatabaseValue
      return .same(try Drink.filter(Drink.Columns.uid == uid).fetchOne(db))
    }
  }

  /// The entry with this uid, as the API names entries.
  /// - Throws: ``StoreError/unknownEntryUID(_:)`` when there is none.
  public func drink(uid: String) throws -> Drink {
    try read { db in
      guard let drink = try Drink.filter(Drink.Columns.uid == uid.storedUID).fetchOne(db) else {
        throw StoreError.unknownEntryUID(uid)
      }
      return drink
    }
  }

  /// The newest entry that still exists among those `tokenID`'s requests logged within
  /// ``requestWindow`` of `now`.
  /// - Throws: ``StoreError/nothingToUndo`` when there is none.
  public func latestEntry(loggedBy tokenID: APIToken.ID, now: Date) throws -> Drink {
    try read { db in
      let drink = try Drink.fetchOne(
        db,
        sql: """
          SELECT drink.* FROM api_request JOIN drink ON drink.uid = api_request.drink_uid
          WHERE api_request.token_id = ? AND api_request.created_at >= ?
          ORDER BY api_request.created_at DESC, drink.id DESC LIMIT 1
          """, arguments: [tokenID, Self.oldestKeptRequest(at: now)])
      guard let drink else { throw StoreError.nothingToUndo }
      return drink
    }
  }
}
