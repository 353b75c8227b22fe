import Foundation
import Hummingbird
import LiquidusModel
import LiquidusStore

/// The page's sign-ins: a random session id in an `HttpOnly`, `SameSite=Strict` cookie
/// (over HTTPS `Secure` and named with the `__Host-` prefix, which a browser keeps only from a
/// secure page of this very host, so neither a plain-HTTP page nor another subdomain can plant
/// one), expiring after 30 days, each with its own CSRF token for the forms.
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

  static let lifetime: TimeInterval = 30 * 24 * 3600

  /// The cookie's name: over HTTPS (the built-in TLS, or a trusted proxy that says so) with
  /// the `__Host-` prefix; a session cookie of the other scheme is not read.
  static func cookieName(overHTTPS: Bool) -> String {
    overHTTPS ? "__Host-liquidus_session" : "liquidus_session"
  }

  let store: DrinkStore

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
  func session(for request: Request, overHTTPS: Bool, now: Date) async throws -> Session? {
    guard let id = Self.cookie(Self.cookieName(overHTTPS: overHTTPS), in: request), !id.isEmpty,
      id.utf8.count <= 256
    else { return nil }
    let digest = APIToken.digest(of: id)
    guard
      let (token, csrf) = try await store.perform({ store in
        try store.pageSession(digest: digest, now: now)
      })
    else { return nil }
    return Session(id: id, token: token, csrf: csrf)
  }

  /// Whether `session` is still signed in: not signed out, not expired, its token not revoked.
  func isOpen(_ session: Session, now: Date) async throws -> Bool {
    let digest = APIToken.digest(of: session.id)
    return try await store.perform { store in
      try store.pageSession(digest: digest, now: now) != nil
    }
  }

  func close(_ id: String) async throws {
    let digest = APIToken.digest(of: id)
    try await store.perform { store in try store.closePageSession(digest: digest) }
  }

  /// The `Set-Cookie` value that holds `id`, or that clears it. `__Host-` needs `Secure`,
  /// `Path=/` and no `Domain`, which it has.
  func cookie(_ id: String?, overHTTPS: Bool) -> String {
    var parts = [
      "\(Self.cookieName(overHTTPS: overHTTPS))=\(id ?? "")", "Path=/", "HttpOnly",
      "SameSite=Strict", "Max-Age=\(id == nil ? 0 : Int(Self.lifetime))",
    ]
    if overHTTPS { parts.append("Secure") }
    return parts.joined(separator: "; ")
  }

  private static func cookie(_ cookieName: String, in request: Request) -> String? {
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
