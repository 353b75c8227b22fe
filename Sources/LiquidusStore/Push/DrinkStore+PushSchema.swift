import GRDB

extension DrinkStore {
  /// Migration v14: the browsers that get reminders pushed to them, the server's VAPID key,
  /// and the notifications' single-use action credentials.
  static func createPushTables(_ db: Database) throws {
    // `push_subscription`: one row per browser (`PushSubscription`). It belongs to the token
    // that made it, and goes with it when the token is revoked. One made from the page also
    // belongs to that browser's session (by the session's digest, the key `page_session`
    // has): every page session shares the token `page`, so only the session says which phone
    // signed out, and signing out on one phone must not stop another's reminders. The
    // endpoint is unique: a browser that subscribes again (new keys, or another person signed
    // in) replaces its row instead of adding a second, so a reminder is never sent twice to
    // it. The keys are the browser's raw bytes (RFC 8291: a 65-byte uncompressed P-256 point,
    // a 16-byte secret). Instants are milliseconds since 1970 in UTC, as `drink` keeps them
    // since v12. `last_sent_ms` and `failures` are the sender's: when a reminder last got
    // through, and how many sends have failed since.
    //
    // `push_key`: the server's VAPID key pair (RFC 8292), made once by the sender and kept
    // here so that every subscription stays valid across restarts: only the 32-byte P-256
    // private key, as opaque bytes (the public key follows from it). One row at most. Nothing
    // that leaves the database (an export, a merge, `config`) reads it.
    //
    // `push_action`: the credentials a notification's buttons ("Log 250 mL", "Snooze") carry
    // so that they work with the page closed, each valid once and for a short time. Only the
    // SHA-256 digest of a credential is kept (a copy of the file spends none), with what it
    // allows and the subscription it was sent to, which it goes with. `used_ms` marks it
    // spent; a spent or expired one allows nothing.
    try db.execute(
      sql: """
        CREATE TABLE push_subscription (
          id INTEGER PRIMARY KEY,
          token_id INTEGER NOT NULL REFERENCES api_token(id) ON DELETE CASCADE,
          page_session_digest TEXT REFERENCES page_session(digest) ON DELETE CASCADE,
          endpoint TEXT NOT NULL UNIQUE,
          p256dh BLOB NOT NULL CHECK (length(p256dh) = 65),
          auth BLOB NOT NULL CHECK (length(auth) = 16),
          device TEXT NOT NULL CHECK (length(device) BETWEEN 1 AND 64),
          created_ms INTEGER NOT NULL,
          last_sent_ms INTEGER,
          failures INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX push_subscription_by_token ON push_subscription (token_id);
        CREATE INDEX push_subscription_by_session ON push_subscription (page_session_digest);
        CREATE TABLE push_key (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          vapid_private_key BLOB NOT NULL CHECK (length(vapid_private_key) = 32),
          created_ms INTEGER NOT NULL
        );
        CREATE TABLE push_action (
          digest BLOB PRIMARY KEY CHECK (length(digest) = 32),
          subscription_id INTEGER NOT NULL REFERENCES push_subscription(id) ON DELETE CASCADE,
          allows TEXT NOT NULL CHECK (allows IN ('log', 'snooze')),
          expires_ms INTEGER NOT NULL,
          used_ms INTEGER
        ) WITHOUT ROWID;
        CREATE INDEX push_action_by_subscription ON push_action (subscription_id);
        CREATE INDEX push_action_by_expiry ON push_action (expires_ms);
        """)
  }
}
