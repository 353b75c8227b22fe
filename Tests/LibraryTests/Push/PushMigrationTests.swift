import Foundation
import GRDB
import Testing

@testable import LiquidusModel
@testable import LiquidusStore

/// Migration v14: a v13 file gains the push tables with its tokens and sessions as they were,
/// and the schema itself keeps a subscription with its token and its session.
@Suite struct PushMigrationTests {
  static let now = PushSubscriptionStoreTests.now

  @Test func aV13FileGainsThePushTablesAndKeepsItsTokensAndSessions() throws {
    let folder = try MergeFolder()
    defer { folder.cleanUp() }
    let path = folder.path("v13.sqlite")
    let queue = try DatabaseQueue(path: path)
    try DrinkStore.migrator.migrate(queue, upTo: "v13: token scopes")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO api_token (id, name, digest, created_at, scope)
            VALUES (1, 'page', 'digest', '2026-11-01 10:00:00.000', 'read-write');
          INSERT INTO page_session (digest, token_id, csrf, expires_at)
            VALUES ('session', 1, 'csrf', '2026-12-01 10:00:00.000');
          PRAGMA application_id = \(DrinkStore.applicationID);
          PRAGMA user_version = 13;
          """)
    }
    try queue.close()

    let store = try DrinkStore.open(at: path)
    let applied = try store.read { db in try DrinkStore.migrator.appliedIdentifiers(db) }
    #expect(applied.contains("v14: push subscriptions"))
    #expect(try store.tokens().map(\.name) == ["page"])
    #expect(try store.pageSession(digest: "session", now: Self.now) != nil)
    let columns = try store.read { db in
      try ["push_subscription", "push_key", "push_action"].map { table in
        try db.columns(in: table).map(\.name)
      }
    }
    #expect(
      columns == [
        [
          "id", "token_id", "page_session_digest", "endpoint", "p256dh", "auth", "device",
          "created_ms", "last_sent_ms", "failures",
        ],
        ["id", "vapid_private_key", "created_ms"],
        ["digest", "subscription_id", "allows", "expires_ms", "used_ms"],
      ])
    // The new subscription belongs to the old session and goes with it.
    let kept = try store.keepPushSubscription(
      try PushSubscriptionDraft(
        endpoint: "https://fcm.googleapis.com/fcm/send/a",
        p256dh: PushSubscriptionRulesTests.p256dh,
        auth: PushSubscriptionRulesTests.auth, device: "x", services: .standard),
      for: PushOwner(tokenID: 1, pageSessionDigest: "session"), now: Self.now)
    #expect(kept.createdAt == Self.now)
    let stored = try store.read { db in
      try Row.fetchOne(db, sql: "SELECT typeof(created_ms), typeof(p256dh) FROM push_subscription")
    }
    #expect(stored?[0] == "integer" && stored?[1] == "blob", "as drinks keep instants (v12)")
  }

  /// The cascades are the schema's, not only the store's: a row deleted by other means (the
  /// sqlite3 shell with foreign keys on, a pruned session) takes its subscriptions with it.
  @Test func theSchemaDeletesASubscriptionWithItsSessionOrItsToken() throws {
    let store = try DrinkStore.inMemory()
    let token = try store.addToken(named: "page", digest: "d", now: Self.now)
    for digest in ["s1", "s2"] {
      try store.openPageSession(
        digest: digest, token: token, csrf: "c", expires: Self.now.addingTimeInterval(60),
        now: Self.now)
    }
    for (path, session) in [("a", "s1"), ("b", "s2"), ("c", nil)] as [(String, String?)] {
      try store.keepPushSubscription(
        try PushSubscriptionDraft(
          endpoint: "https://fcm.googleapis.com/fcm/send/\(path)",
          p256dh: PushSubscriptionRulesTests.p256dh, auth: PushSubscriptionRulesTests.auth,
          device: "x", services: .standard),
        for: PushOwner(tokenID: token.id, pageSessionDigest: session), now: Self.now)
    }
    func endpoints() throws -> [String] {
      try store.read { db in
        try String.fetchAll(db, sql: "SELECT endpoint FROM push_subscription ORDER BY endpoint")
      }.map { String($0.suffix(1)) }
    }
    try store.write { db in try db.execute(sql: "DELETE FROM page_session WHERE digest = 's1'") }
    #expect(try endpoints() == ["b", "c"])
    try store.write { db in try db.execute(sql: "DELETE FROM api_token") }
    #expect(try endpoints() == [])
  }
}
