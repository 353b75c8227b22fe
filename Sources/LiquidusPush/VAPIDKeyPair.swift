import Crypto
import Foundation
import LiquidusModel

/// The server's VAPID identity (RFC 8292): one P-256 signing key, made once and kept in the
/// database, whose public half a phone's browser is given as `applicationServerKey` when it
/// subscribes. A push service then accepts only messages this key signed for that subscription.
public struct VAPIDKeyPair: Sendable {
  /// The private key as 32 bytes, for the database to keep (and nothing else to see).
  public let rawPrivateKey: Data
  /// The public key as the 65-byte uncompressed point (0x04 || x || y).
  public let publicKey: Data

  /// A new key pair from the system's secure random source.
  public static func generate() -> VAPIDKeyPair {
    VAPIDKeyPair(signingKey: P256.Signing.PrivateKey())
  }

  /// The key pair whose private key is `rawPrivateKey`, the 32-byte scalar that
  /// ``rawPrivateKey`` gave when it was kept.
  public init(rawPrivateKey: some DataProtocol) throws(PushKeyError) {
    guard rawPrivateKey.count == 32 else { throw .serverKeyLength(rawPrivateKey.count) }
    do {
      self.init(signingKey: try P256.Signing.PrivateKey(rawRepresentation: Data(rawPrivateKey)))
    } catch {
      throw .serverKeyNotAKey
    }
  }

  // Kept as bytes, not as swift-crypto's key, which is not Sendable in the 3.x releases.
  init(signingKey: P256.Signing.PrivateKey) {
    rawPrivateKey = signingKey.rawRepresentation
    publicKey = signingKey.publicKey.x963Representation
  }

  /// The key to sign with; the bytes were a key when this value was made.
  func signingKey() throws -> P256.Signing.PrivateKey {
    try P256.Signing.PrivateKey(rawRepresentation: rawPrivateKey)
  }

  /// The public key in base64url without padding: the page's `applicationServerKey`, and the
  /// `k=` of every request's `Authorization`.
  public var publicKeyBase64URL: String { Base64URL.encode(publicKey) }
}
