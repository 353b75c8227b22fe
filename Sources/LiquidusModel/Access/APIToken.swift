import Foundation

/// A named key to the server's API: what `serve token add phone` creates.
///
/// The secret itself is shown once and never stored: the store keeps its SHA-256 digest, so a
/// copy of the database does not let anyone in.
public struct APIToken: Sendable, Hashable {
  /// A token's row id, typed so that it cannot be passed where an entry's or a count is meant.
  public typealias ID = RowID<APIToken>

  /// The store's id, for the requests the token made.
  public var id: ID
  /// The name the person gave it ("phone", "home-assistant").
  public var name: String
  /// When it was made.
  public var createdAt: Date
  /// When a request last used it; nil if never.
  public var lastUsedAt: Date?
  /// What it may do: read only, or read and change.
  public var scope: Scope

  /// What a token may do, fixed when it is made (`serve token add NAME --read-only`).
  public enum Scope: String, Sendable, Hashable, CaseIterable {
    /// Every request: a phone or shortcut that logs drinks, the page.
    case readWrite = "read-write"
    /// Only requests that change nothing (GET): a status bar, a dashboard's sensor, which then
    /// cannot delete every entry when their copy of the token leaks.
    case readOnly = "read-only"

    /// Whether a request with this method is allowed: a read-only token reads only.
    public func allows(method: String) -> Bool {
      self == .readWrite || method == "GET" || method == "HEAD"
    }
  }

  /// Creates a token's record.
  public init(
    id: ID, name: String, createdAt: Date, lastUsedAt: Date?, scope: Scope = .readWrite
  ) {
    self.id = id
    self.name = name
    self.createdAt = createdAt
    self.lastUsedAt = lastUsedAt
    self.scope = scope
  }

  /// The digest the store keeps of `secret`, as 64 hex digits.
  public static func digest(of secret: String) -> String {
    // Hex by table: `String(format:)` went through CoreFoundation's formatter 32 times a
    // digest, a tenth of answering a request whose status is cached.
    var hex: [UInt8] = []
    hex.reserveCapacity(64)
    for byte in SHA256.digest(Array(secret.utf8)) {
      hex.append(hexDigits[Int(byte >> 4)])
      hex.append(hexDigits[Int(byte & 0x0F)])
    }
    return String(decoding: hex, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// A new secret of 256 random bits, URL-safe base64 without padding (43 characters), from
  /// the system's random source.
  public static func newSecret() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// Names are what a person types after `token revoke`: letters, digits, `-`, `_`, `.`, 1 to
  /// 64 of them.
  public static func isValidName(_ name: String) -> Bool {
    (1...64).contains(name.count)
      && name.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "-_.".unicodeScalars.contains($0)
      }
  }
}

/// One API request that wrote an entry, known by the token that made it and the request's
/// `Idempotency-Key`: a retry with the same key finds the entry instead of adding another.
public struct RequestKey: Sendable, Hashable {
  /// The token that made the request.
  public var tokenID: APIToken.ID
  /// The client's `Idempotency-Key` (or one the server made up when it sent none).
  public var key: String
  /// A digest of what was asked, so a key reused for another request is refused.
  public var fingerprint: String

  /// Creates a request key.
  public init(tokenID: APIToken.ID, key: String, fingerprint: String) {
    self.tokenID = tokenID
    self.key = key
    self.fingerprint = fingerprint
  }
}
