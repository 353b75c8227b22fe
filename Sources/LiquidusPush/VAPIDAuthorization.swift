import Crypto
import Foundation
import LiquidusModel

/// The `Authorization` a push service wants with each message (RFC 8292): a JWT signed with
/// the server's VAPID key (ES256), naming the endpoint's origin, an expiry and a contact, and
/// the public key to check it with.
public struct VAPIDAuthorization: Sendable, Equatable {
  /// How long a token is good for: RFC 8292 allows at most 24 hours; half of that leaves room
  /// for a push service whose clock runs ahead of this one.
  public static let lifetime: TimeInterval = 12 * 60 * 60

  /// The signed JWT (`header.claims.signature`, each part base64url).
  public let token: String
  /// The VAPID public key in base64url, as `k=`.
  public let publicKey: String

  /// The header's value: `vapid t=<JWT>, k=<public key>`.
  public var headerValue: String { "vapid t=\(token), k=\(publicKey)" }

  /// Signs a token for messages to `endpoint`, valid from `now` for ``lifetime``.
  ///
  /// - Parameter contact: a `mailto:` or `https:` address the push service may write to.
  /// - Throws: ``PushEndpointError`` for an endpoint or contact it cannot name, or
  ///   swift-crypto's error in the unlikely case that signing itself fails.
  public init(endpoint: URL, contact: String, now: Date, keyPair: VAPIDKeyPair) throws {
    let lowered = contact.lowercased()
    guard
      (lowered.hasPrefix("mailto:") && contact.count > 7)
        || (lowered.hasPrefix("https:") && contact.count > 6)
    else { throw PushEndpointError.contactNotAnAddress(contact) }
    guard let audience = PushEndpointOrigin.of(endpoint) else {
      throw PushEndpointError.notAWebAddress(endpoint.absoluteString)
    }
    let claims = Claims(
      aud: audience,
      exp: Int(now.timeIntervalSince1970.rounded(.down) + Self.lifetime), sub: contact)
    let signingInput = Self.header + "." + Base64URL.encode(try claims.json())
    // ES256 (RFC 7518 §3.4): SHA-256 inside swift-crypto's signature, and the raw r || s.
    let signature = try keyPair.signingKey().signature(for: Data(signingInput.utf8))
    token = signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    publicKey = keyPair.publicKeyBase64URL
  }

  /// `{"typ":"JWT","alg":"ES256"}`, encoded once.
  static let header = Base64URL.encode(Data(#"{"typ":"JWT","alg":"ES256"}"#.utf8))

  struct Claims: Encodable {
    var aud: String
    var exp: Int
    var sub: String

    func json() throws -> Data {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return try encoder.encode(self)
    }
  }
}
