import Foundation
import Hummingbird
import LiquidusModel
import LiquidusStore

/// Lets in requests with `Authorization: Bearer TOKEN` for a token that exists, on loopback too:
/// other local users, and any web page the person visits, can reach loopback.
///
/// Secrets are compared by their digests in constant time, against every stored digest, so
/// the time an answer takes says nothing about how close a guess was. A client that presents
/// ``Throttle/limit`` wrong tokens (10) in a minute gets 429 for further wrong ones until the
/// minute is over; a request without a token is a plain 401 and counts for nothing, and a valid
/// token is always let in.
struct TokenGuard: RouterMiddleware {
  typealias Context = APIRequestContext

  let store: DrinkStore
  let version: DatabaseVersion
  let throttle: Throttle
  let usage: UsageMarks
  let clock: @Sendable () -> Date

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let now = clock()
    // No token at all is no guess: a plain 401 that counts for nothing, or a stranger (and,
    // behind a proxy, every stranger at once) could lock the owner out with empty requests.
    guard let secret = Self.presentedSecret(request.headers[.authorization]) else {
      throw Self.unauthorized()
    }
    // Read once per request: the token check and a cached answer (the status) both key on
    // it, and the routes behind this guard find it in the context.
    let seen = version.current()
    // A valid token is let in even from a blocked address: other requests' failures never
    // throttle it. The secret holds 256 random bits, so the throttle bounds the noise of
    // guessing, not its odds.
    guard let token = try await authenticated(secret, at: seen) else {
      if throttle.isBlocked(context.client, at: now) {
        var problem = Problem(.tooManyRequests, "Too many wrong tokens; wait a minute.")
        problem.headers[.retryAfter] = "60"
        throw problem
      }
      throttle.recordFailure(context.client, at: now)
      throw Self.unauthorized()
    }
    guard token.scope.allows(method: request.method.rawValue) else {
      throw Self.readOnly(token)
    }
    await usage.note(token, at: now)
    var context = context
    context.token = token
    context.databaseVersion = seen
    return try await next(request, context)
  }

  private func authenticated(_ secret: String, at seen: Int64?) async throws -> APIToken? {
    let tokens = try await kept.value(at: seen) { try await version.tokenDigests(from: store) }
    return Self.find(secret, among: tokens)
  }

  /// The secret of an `Authorization: Bearer SECRET` header (the scheme in any case, RFC 9110
  /// section 11.1); nil when the request presents none.
  static func presentedSecret(_ header: String?) -> String? {
    // In bytes: `lowercased()` and Foundation's trimming were a tenth of answering a cached
    // status (35k of 385k instructions), for a scheme that is six ASCII letters.
    guard let header else { return nil }
    let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    let value = header.utf8.drop(while: isBlank)
    let scheme = "bearer".utf8
    guard value.count > scheme.count,
      // A letter's two cases differ only in 0x20; no other byte folds onto a letter.
      zip(value, scheme).allSatisfy({ $0 | 0x20 == $1 }),
      isBlank(value[value.index(value.startIndex, offsetBy: scheme.count)])
    else { return nil }
    var secret = value.dropFirst(scheme.count).drop(while: isBlank)
    while let last = secret.last, isBlank(last) { secret = secret.dropLast() }
    return secret.isEmpty ? nil : String(Substring(secret))
  }

  /// A write with a token made `--read-only` (a status bar's, a sensor's).
  static func readOnly(_ token: APIToken) -> Problem {
    Problem(
      .forbidden,
      "The token '\(token.name)' may only read: logging, changing or deleting needs a token "
        + "that may write. Make one with `liquidus serve token add NAME`.")
  }

  private static func unauthorized() -> Problem {
    var problem = Problem(
      .unauthorized,
      "A valid token is needed: send 'Authorization: Bearer TOKEN' with a token made on the "
        + "server's machine.")
    problem.headers[.wwwAuthenticate] = "Bearer realm=\"liquidus\""
    return problem
  }

  /// The tokens' digests, read again whenever the database changes (a token made or revoked in
  /// a shell counts at once).
  let kept = VersionedValue<[(APIToken, String)]>(lifetime: .seconds(60))

  /// The token whose secret is `secret`, compared by digest in constant time against every
  /// stored one; nil for none (or an empty or overlong secret).
  static func find(_ secret: String, in store: DrinkStore) async throws -> APIToken? {
    find(secret, among: try await store.perform { store in try store.tokenDigests() })
  }

  /// The token among `tokens` (with their digests) whose secret is `secret`.
  static func find(_ secret: String, among tokens: [(APIToken, String)]) -> APIToken? {
    guard !secret.isEmpty, secret.utf8.count <= 256 else { return nil }
    let digest = Array(APIToken.digest(of: secret).utf8)
    var found: APIToken?
    for (token, stored) in tokens where Self.constantTimeEqual(Array(stored.utf8), digest) {
      found = token
    }
    return found
  }

  /// Equal when every byte is; the loop never stops early.
  static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
    guard left.count == right.count else { return false }
    var difference: UInt8 = 0
    for index in left.indices { difference |= left[index] ^ right[index] }
    return difference == 0
  }
}
