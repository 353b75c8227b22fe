import Crypto
import Foundation
import LiquidusModel

/// The two keys a browser gives with its push subscription (`PushSubscription.toJSON().keys`),
/// checked: `p256dh`, the phone's P-256 public key that messages are encrypted to, and `auth`,
/// the 16-byte secret mixed into every message's key (RFC 8291 §3).
public struct PushSubscriptionKeys: Sendable, Equatable {
  /// The phone's public key, the 65-byte uncompressed point.
  public let p256dh: Data
  /// The authentication secret, 16 bytes.
  public let auth: Data

  /// Keys from their bytes, refused when either has the wrong length or `p256dh` is not a
  /// point on P-256.
  public init(p256dh: Data, auth: Data) throws(PushKeyError) {
    guard p256dh.count == 65 else { throw .phoneKeyLength(p256dh.count) }
    // x963Representation would also take other encodings; a browser sends only this one.
    guard p256dh.first == 0x04,
      (try? P256.KeyAgreement.PublicKey(x963Representation: p256dh)) != nil
    else { throw .phoneKeyNotAPoint }
    guard auth.count == 16 else { throw .authSecretLength(auth.count) }
    self.p256dh = p256dh
    self.auth = auth
  }

  /// Keys as the browser's `toJSON()` writes them, in base64url.
  public init(p256dh: String, auth: String) throws(PushKeyError) {
    guard let key = Base64URL.decode(p256dh).map({ Data($0) }) else {
      throw .notBase64URL(field: "p256dh")
    }
    guard let secret = Base64URL.decode(auth).map({ Data($0) }) else {
      throw .notBase64URL(field: "auth")
    }
    try self.init(p256dh: key, auth: secret)
  }

  /// `p256dh` as swift-crypto's key (kept as bytes: the key is not Sendable in swift-crypto
  /// 3.x); checked when this value was made.
  func publicKey() throws -> P256.KeyAgreement.PublicKey {
    try P256.KeyAgreement.PublicKey(x963Representation: p256dh)
  }
}
