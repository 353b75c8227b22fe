import Foundation
import Hummingbird
import LiquidusModel
import LiquidusStore
import NIOCore
import Synchronization

/// Lets in requests with `Authorization: Bearer TOKEN` for a token that exists, on loopback too:
/// other local users, and any web page the person visits, can reach loopback.
///
/// Secrets are compared by their digests in constant time, against every stored digest, so
/// the time an answer takes says nothing about how close a guess was. A client address that
/// fails ``Throttle/limit`` times (10) in a minute is refused (429) until the minute is over,
/// whatever it sends.
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
    let client = Self.client(context.remoteAddress)
    let now = clock()
    if throttle.isBlocked(client, at: now) {
      var problem = Problem(.tooManyRequests, "Too many wrong tokens; wait a minute.")
      problem.headers[.retryAfter] = "60"
      throw problem
    }
    // Read once per request: the token check and a cached answer (the status) both key on
    // it, and the routes behind this guard find it in the context.
    let seen = version.current()
    guard let token = try await authenticated(request, at: seen) else {
      throttle.recordFailure(client, at: now)
      var problem = Problem(
        .unauthorized,
        "A valid token is needed: send 'Authorization: Bearer TOKEN' with a token made on the "
          + "server's machine.")
      problem.headers[.wwwAuthenticate] = "Bearer realm=\"liquidus\""
      throw problem
    }
    if usage.shouldMark(token.id, at: now) {
      _ = try? await store.perform { store in try store.markUsed(token, now: now) }
    }
    var context = context
    context.token = token
    context.databaseVersion = seen
    return try await next(request, context)
  }

  private func authenticated(_ request: Request, at seen: Int64?) async throws -> APIToken? {
    guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else {
      return nil
    }
    let secret = String(header.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces)
    let tokens = try await kept.value(at: seen) {
      try await store.perform { store in try store.tokenDigests() }
    }
    return Self.find(secret, among: tokens)
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

  private static func client(_ address: SocketAddress?) -> String {
    address?.ipAddress ?? "unknown"
  }
}

/// Failed attempts per client address in the current minute.
final class Throttle: Sendable {
  /// Failures a client may make in a minute before it is refused outright.
  let limit: Int
  private let failures = Mutex<[String: (windowStart: Date, count: Int)]>([:])

  init(limit: Int) {
    self.limit = limit
  }

  func isBlocked(_ client: String, at now: Date) -> Bool {
    failures.withLock { table in
      guard let entry = table[client] else { return false }
      if now.timeIntervalSince(entry.windowStart) >= 60 {
        table[client] = nil
        return false
      }
      return entry.count >= limit
    }
  }

  func recordFailure(_ client: String, at now: Date) {
    failures.withLock { table in
      // Bounded: a flood from many addresses cannot grow the table without end.
      if table.count > 10_000 { table.removeAll() }
      if let entry = table[client], now.timeIntervalSince(entry.windowStart) < 60 {
        table[client] = (entry.windowStart, entry.count + 1)
      } else {
        table[client] = (now, 1)
      }
    }
  }
}

/// When each token was last noted as used, so that a request writes `last_used_at` at most once
/// a minute rather than on every call.
final class UsageMarks: Sendable {
  private let marks = Mutex<[Int64: Date]>([:])

  func shouldMark(_ tokenID: Int64, at now: Date) -> Bool {
    marks.withLock { marks in
      if let last = marks[tokenID], now.timeIntervalSince(last) < 60 { return false }
      marks[tokenID] = now
      return true
    }
  }
}
