import Foundation
import LiquidusModel
import LiquidusStore

/// Signing in to the page, with a token pasted in or the one-time link `liquidus serve` prints:
/// either opens a session of its token. A wrong secret of either kind counts as a wrong token
/// for ``Throttle``, so guessing links is no easier than guessing tokens; an empty one is no
/// guess and is never asked about.
struct SignIns: Sendable {
  let store: DrinkStore
  let sessions: Sessions
  let throttle: Throttle
  let clock: @Sendable () -> Date

  /// Whether `client` has sent too many wrong secrets this minute to be told about another.
  func isBlocked(_ client: String) -> Bool {
    throttle.isBlocked(client, at: clock())
  }

  /// The new session's cookie for a known token; nil for a wrong one.
  func withToken(_ secret: String, client: String, overHTTPS: Bool) async throws -> String? {
    try await open(client: client, overHTTPS: overHTTPS) { _ in
      try await TokenGuard.find(secret, in: store)
    }
  }

  /// The new session's cookie for a link not yet used nor expired (using it spends it); nil
  /// otherwise.
  func withLink(_ secret: String, client: String, overHTTPS: Bool) async throws -> String? {
    try await open(client: client, overHTTPS: overHTTPS) { now in
      guard !secret.isEmpty, secret.utf8.count <= 256 else { return nil }
      let digest = APIToken.digest(of: secret)
      return try await store.perform { store in
        try store.redeemSignInLink(digest: digest, now: now)
      }
    }
  }

  private func open(
    client: String, overHTTPS: Bool, _ find: (Date) async throws -> APIToken?
  ) async throws -> String? {
    let now = clock()
    // As for the API: a right secret always signs in, whatever others sent from the address.
    guard let token = try await find(now) else {
      throttle.recordFailure(client, at: now)
      return nil
    }
    // The page logs and changes entries: a read-only token's session could do neither.
    guard token.scope == .readWrite else { throw TokenGuard.readOnly(token) }
    return sessions.cookie(try await sessions.open(for: token, now: now), overHTTPS: overHTTPS)
  }

  /// Ends the session and returns the cookie that clears it.
  func signOut(_ session: Sessions.Session, overHTTPS: Bool) async throws -> String {
    try await sessions.close(session.id)
    return sessions.cookie(nil, overHTTPS: overHTTPS)
  }
}
