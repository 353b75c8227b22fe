import Foundation
import GRDB
import LiquidusModel

/// The API requests that logged drinks: what makes a retried `POST /api/drinks` harmless, and
/// what `POST /api/undo` undoes.
extension DrinkStore {
  /// Keeps `request` with the entry it logged; called inside `log`'s transaction.
  static func record(_ request: RequestKey, logged drink: Drink, now: Date, _ db: Database) throws {
    do {
      try db.execute(
        sql: """
          INSERT INTO api_request (token_id, request_key, fingerprint, drink_uid, created_at)
          VALUES (?, ?, ?, ?, ?)
          """,
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

  /// Whether `request`'s key was seen before, and what it logged then.
  public func earlierRequest(like request: RequestKey) throws -> EarlierRequest {
    try read { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT fingerprint, drink_uid FROM api_request
            WHERE token_id = ? AND request_key = ?
            """, arguments: [request.tokenID, request.key])
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

  /// The newest entry that still exists among those `tokenID`'s requests logged.
  /// - Throws: ``StoreError/nothingToUndo`` when there is none.
  public func latestEntry(loggedBy tokenID: Int64) throws -> Drink {
    try read { db in
      let drink = try Drink.fetchOne(
        db,
        sql: """
          SELECT drink.* FROM api_request JOIN drink ON drink.uid = api_request.drink_uid
          WHERE api_request.token_id = ?
          ORDER BY api_request.created_at DESC, drink.id DESC LIMIT 1
          """, arguments: [tokenID])
      guard let drink else { throw StoreError.nothingToUndo }
      return drink
    }
  }
}
