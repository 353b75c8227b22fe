import Foundation
import Hummingbird
import LiquidusModel
import Synchronization

/// The page's sign-ins: a random session id in an `HttpOnly`, `SameSite=Strict` cookie
/// (`Secure` over TLS), expiring after 30 days, each with its own CSRF token for the forms.
///
/// Sessions live in the server's memory (a restart signs everyone out) and belong to the
/// token that opened them: every request looks the token up again, so `serve token revoke`
/// ends its sessions at once. Bounded: the oldest go first past ``limit``.
final class Sessions: Sendable {
  struct Session: Sendable {
    var tokenID: Int64
    var csrf: String
    var expires: Date
  }

  static let cookieName = "liquidus_session"
  static let lifetime: TimeInterval = 30 * 24 * 3600
  static let limit = 1_000

  private let table = Mutex<[String: Session]>([:])
  let secureCookies: Bool

  init(secureCookies: Bool) {
    self.secureCookies = secureCookies
  }

  /// Opens a session for `token`; returns its id.
  func open(for token: APIToken, now: Date) -> String {
    let id = APIToken.newSecret()
    let session = Session(
      tokenID: token.id, csrf: APIToken.newSecret(), expires: now.addingTimeInterval(Self.lifetime))
    table.withLock { table in
      table = table.filter { $0.value.expires > now }
      if table.count >= Self.limit,
        let oldest = table.min(by: { $0.value.expires < $1.value.expires })
      {
        table[oldest.key] = nil
      }
      table[id] = session
    }
    return id
  }

  /// The session the request's cookie names, if it exists and has not expired.
  func session(for request: Request, now: Date) -> (id: String, session: Session)? {
    guard let id = Self.cookie(in: request) else { return nil }
    return table.withLock { table in
      guard let session = table[id] else { return nil }
      guard session.expires > now else {
        table[id] = nil
        return nil
      }
      return (id, session)
    }
  }

  func close(_ id: String) {
    table.withLock { $0[id] = nil }
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
