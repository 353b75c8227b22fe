import Foundation
import Hummingbird
import LiquidusModel
import LiquidusStore

/// The page's sign-ins: a random session id in an `HttpOnly`, `SameSite=Strict` cookie
/// (`Secure` over TLS), expiring after 30 days, each with its own CSRF token for the forms.
///
/// Sessions are kept in the database by the digest of their id (a copy of the file does not
/// sign anyone in), so a restarted server keeps its phones signed in and a drink queued
/// offline can be sent after the restart. Each belongs to the token that opened it: every
/// request looks the token up again, so `serve token revoke` ends its sessions at once.
struct Sessions: Sendable {
  struct Session: Sendable {
    /// The id the cookie holds (only its digest is stored).
    var id: String
    var token: APIToken
    var csrf: String
  }

  static let cookieName = "liquidus_session"
  static let lifetime: TimeInterval = 30 * 24 * 3600

  let store: DrinkStore
  let secureCookies: Bool

  /// Opens a session for `token`; returns its id.
  func open(for token: APIToken, now: Date) async throws -> String {
    let id = APIToken.newSecret()
    let csrf = APIToken.newSecret()
    let expires = now.addingTimeInterval(Self.lifetime)
    try await store.perform { store in
      try store.openPageSession(
        digest: APIToken.digest(of: id), token: token, csrf: csrf, expires: expires, now: now)
    }
    return id
  }

  /// The session the request's cookie names, if it exists, has not expired and its token has
  /// not been revoked.
  func session(for request: Request, now: Date) async throws -> Session? {
    guard let id = Self.cookie(in: request), !id.isEmpty, id.utf8.count <= 256 else { return nil }
    let digest = APIToken.digest(of: id)
    guard
      let (token, csrf) = try await store.perform({ store in
        try store.pageSession(digest: digest, now: now)
      })
    else { return nil }
    return Session(id: id, token: token, csrf: csrf)
  }

  func close(_ id: String) async throws {
    let digest = APIToken.digest(of: id)
    try await store.perform { store in try store.closePageSession(digest: digest) }
  }

  /// The `Set-Cookie` value that holds `id`, or that clears it.
  func cookie(_ id: String?) -> String {
    var parts = [
      "\(Self.cookieName)=\(id ?? "")", "Path=/", "HttpOnly", "SameSite=Strict",
      "Max-Age=\(id == nil ? 0 : Int(Self.lifetime))",
    ]
    if secureCookies { parts.append("Secure") }
    return parts.joined(separator: "; ")
  }

  private static func cookie(in request: Request) -> String? {
    for header in request.headers[values: .cookie] {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName {
          return String(parts[1]).trimmingCharacters(in: .whitespaces)
        }
      }
    }
    return nil
  }
}
