import Foundation

/// Everything a push service is sent for one message (RFC 8030 §5), made ready here so that
/// the sender only sends it: the endpoint, the headers (VAPID's `Authorization`, the content
/// coding, how long the service may hold the message and how urgent it is) and the encrypted
/// body.
public struct PushRequest: Sendable {
  /// How long a push service keeps a reminder for a phone that is off: a reminder older than
  /// that is no longer the one due.
  public static let reminderTimeToLive = 4 * 60 * 60

  /// Where to `POST` it: the subscription's endpoint.
  public let url: URL
  /// The request's headers, by name.
  public let headers: [String: String]
  /// The `aes128gcm` body.
  public let body: Data

  /// Encrypts `payload` for a subscription and signs the request with the server's key.
  ///
  /// - Parameters:
  ///   - endpoint: the subscription's endpoint, on the browser vendor's push service.
  ///   - keys: the subscription's keys.
  ///   - payload: what the service worker receives, at most 3,993 bytes.
  ///   - keyPair: the server's VAPID key pair.
  ///   - contact: a `mailto:` or `https:` address for the push service.
  ///   - now: the instant the VAPID token's expiry counts from.
  ///   - timeToLive: seconds the push service may hold the message for a phone that is away.
  /// - Throws: ``PushEndpointError`` or ``PushMessageError`` for input it cannot use.
  public init(
    endpoint: URL, keys: PushSubscriptionKeys, payload: some DataProtocol,
    keyPair: VAPIDKeyPair, contact: String, now: Date,
    timeToLive: Int = PushRequest.reminderTimeToLive
  ) throws {
    let authorization = try VAPIDAuthorization(
      endpoint: endpoint, contact: contact, now: now, keyPair: keyPair)
    body = try PushMessageEncryption().encrypt(payload, for: keys)
    url = endpoint
    headers = [
      "Authorization": authorization.headerValue,
      "Content-Encoding": "aes128gcm",
      "Content-Type": "application/octet-stream",
      "TTL": String(max(0, timeToLive)),
      "Urgency": "normal",
    ]
  }
}
