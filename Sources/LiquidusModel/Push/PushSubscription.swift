import Foundation

/// A browser that gets reminders pushed to it: what `PushSubscription.toJSON()` gave when the
/// person tapped "Remind me on this phone", with who it belongs to.
///
/// The endpoint is the push service's address for this one browser; the keys are the browser's
/// (RFC 8291): `p256dh` its P-256 public key, `auth` the secret both sides mix in. A reminder
/// is encrypted to them, so the push service carries it without reading it.
public struct PushSubscription: Sendable, Hashable {
  /// A subscription's row id, typed as entries' and tokens' are.
  public typealias ID = RowID<PushSubscription>

  /// The most subscriptions one token may have: a person's phones and browsers, with room to
  /// spare, and a bound on the requests one reminder makes the server send.
  public static let limitPerToken = 20

  /// The store's id, which `remind devices` shows and `stop` takes.
  public var id: ID
  /// The token whose page or client made it.
  public var tokenID: APIToken.ID
  /// The digest of the page session that made it, which its sign-out ends; nil for one made
  /// with a bearer token.
  public var pageSessionDigest: String?
  public var endpoint: String
  /// The browser's public key: 65 bytes, an uncompressed P-256 point (0x04, x, y).
  public var p256dh: [UInt8]
  /// The browser's authentication secret: 16 bytes.
  public var auth: [UInt8]
  /// A short name of the browser ("Chrome on Android").
  public var device: String
  /// When it was made (or last made again by the same browser).
  public var createdAt: Date
  /// When a reminder last reached its push service; nil if never.
  public var lastSentAt: Date?
  /// Sends that failed since the last one that did not.
  public var failures: Int

  /// Creates a subscription's record.
  public init(
    id: ID, tokenID: APIToken.ID, pageSessionDigest: String?, endpoint: String, p256dh: [UInt8],
    auth: [UInt8], device: String, createdAt: Date, lastSentAt: Date? = nil, failures: Int = 0
  ) {
    self.id = id
    self.tokenID = tokenID
    self.pageSessionDigest = pageSessionDigest
    self.endpoint = endpoint
    self.p256dh = p256dh
    self.auth = auth
    self.device = device
    self.createdAt = createdAt
    self.lastSentAt = lastSentAt
    self.failures = failures
  }

  /// The endpoint's scheme, host and port (`https://fcm.googleapis.com`): what may be shown of
  /// it, since the rest of the address is the browser's own secret capability.
  public var endpointOrigin: String {
    URL(string: endpoint).flatMap(PushEndpointOrigin.of) ?? ""
  }

  /// The endpoint's host (`fcm.googleapis.com`).
  public var endpointHost: String { URLComponents(string: endpoint)?.host ?? "" }
}

/// Who a new subscription belongs to: the token that made it and, when it came from the page,
/// the browser's session.
public struct PushOwner: Sendable, Hashable {
  public var tokenID: APIToken.ID
  /// The digest of the page session, as the store keeps sessions; nil for a bearer token.
  public var pageSessionDigest: String?

  public init(tokenID: APIToken.ID, pageSessionDigest: String? = nil) {
    self.tokenID = tokenID
    self.pageSessionDigest = pageSessionDigest
  }
}
