import Crypto
import Foundation

/// One push message encrypted for one subscription (RFC 8291, in RFC 8188's `aes128gcm`
/// content coding): an ephemeral P-256 key agreed with the phone's `p256dh`, the subscription's
/// auth secret and a random salt give the content key and nonce; the body is a single record
/// behind the header that lets the phone derive them again.
///
/// A value encrypts once (`encrypt` consumes it), since its salt and ephemeral key must never
/// serve two messages: AES-GCM under a repeated key and nonce gives its plaintexts away.
public struct PushMessageEncryption: ~Copyable {
  /// The record size the header announces, and the most a push service must accept.
  public static let recordSize = 4096
  /// The longest plaintext that fits one record behind its header: 4096 less the header (86),
  /// AES-GCM's tag (16) and the record's delimiter (1).
  public static let maximumPlaintextLength = recordSize - headerLength - 16 - 1
  static let headerLength = 16 + 4 + 1 + 65

  let salt: Data
  let ephemeralKey: P256.KeyAgreement.PrivateKey

  /// Fresh randomness for one message: a 16-byte salt and a new ephemeral key pair.
  public init() {
    self.init(
      salt: SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) },
      ephemeralKey: P256.KeyAgreement.PrivateKey())
  }

  /// Pinned randomness, so a test can reproduce RFC 8291's example byte for byte.
  init(salt: Data, ephemeralKey: P256.KeyAgreement.PrivateKey) {
    self.salt = salt
    self.ephemeralKey = ephemeralKey
  }

  /// The `aes128gcm` body for `plaintext`: header (salt, record size, the ephemeral public
  /// key) then the one record's ciphertext and tag.
  public consuming func encrypt(_ plaintext: some DataProtocol, for keys: PushSubscriptionKeys)
    throws -> Data
  {
    guard plaintext.count <= Self.maximumPlaintextLength else {
      throw PushMessageError.tooLong(plaintext.count)
    }
    let derived = try contentKeys(for: keys)
    // The last (and only) record ends with the delimiter 0x02 and carries no padding.
    var record = Data(plaintext)
    record.append(0x02)
    let sealed = try AES.GCM.seal(
      record, using: derived.contentEncryptionKey, nonce: AES.GCM.Nonce(data: derived.nonce))
    var body = salt
    withUnsafeBytes(of: UInt32(Self.recordSize).bigEndian) { body.append(contentsOf: $0) }
    let senderKey = ephemeralKey.publicKey.x963Representation
    body.append(UInt8(senderKey.count))
    body.append(senderKey)
    body.append(sealed.ciphertext)
    body.append(sealed.tag)
    return body
  }

  /// What RFC 8291 §3.4 and RFC 8188 §2.2 derive, apart so a test can hold each step to the
  /// RFC's intermediate values.
  struct ContentKeys {
    var inputKeyingMaterial: SymmetricKey
    var contentEncryptionKey: SymmetricKey
    var nonce: Data
  }

  func contentKeys(for keys: PushSubscriptionKeys) throws -> ContentKeys {
    let shared = try ephemeralKey.sharedSecretFromKeyAgreement(with: keys.publicKey())
    // IKM = HKDF(salt: auth secret, IKM: ECDH secret, info: "WebPush: info\0" || ua || as, 32).
    var keyInfo = Data("WebPush: info".utf8)
    keyInfo.append(0)
    keyInfo.append(keys.p256dh)
    keyInfo.append(ephemeralKey.publicKey.x963Representation)
    let ikm = shared.hkdfDerivedSymmetricKey(
      using: SHA256.self, salt: keys.auth, sharedInfo: keyInfo, outputByteCount: 32)
    let cek = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm\0".utf8),
      outputByteCount: 16)
    let nonce = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce\0".utf8),
      outputByteCount: 12)
    return ContentKeys(
      inputKeyingMaterial: ikm, contentEncryptionKey: cek,
      nonce: nonce.withUnsafeBytes { Data($0) })
  }
}
