import Crypto
import Foundation
import Testing

@testable import LiquidusPush

/// RFC 8291's worked example, byte for byte: §5 gives the message, Appendix A the keys, salt
/// and each value derived on the way. These strings are the RFC's published test vectors.
@Suite struct RFC8291ExampleTests {
  // RFC 8291 §5 and Appendix A.
  static let plaintext = "When I grow up, I want to be a watermelon"
  static let applicationServerPrivateKey = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
  static let applicationServerPublicKey =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
  static let userAgentPublicKey =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
  static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
  static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
  static let inputKeyingMaterial = "S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg"
  static let contentEncryptionKey = "oIhVW04MRdy2XN9CiKLxTg"
  static let nonce = "4h_95klXJ5E_qnoN"
  static let body =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmY"
    + "WAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSg"
    + "Sxsj_Qulcy4a-fN"

  static func encryption() throws -> PushMessageEncryption {
    PushMessageEncryption(
      salt: Data(base64URL: salt),
      ephemeralKey: try P256.KeyAgreement.PrivateKey(
        rawRepresentation: Data(base64URL: applicationServerPrivateKey)))
  }

  static func keys() throws -> PushSubscriptionKeys {
    try PushSubscriptionKeys(
      p256dh: Data(base64URL: userAgentPublicKey), auth: Data(base64URL: authSecret))
  }

  @Test func theExampleEncryptsToTheRFCsBody() throws {
    let body = try Self.encryption().encrypt(Data(Self.plaintext.utf8), for: Self.keys())
    #expect(body.base64URL == Self.body)
  }

  /// Each step apart, so a failure of the whole says which step moved.
  @Test func eachDerivedValueIsTheRFCs() throws {
    let derived = try Self.encryption().contentKeys(for: Self.keys())
    #expect(
      derived.inputKeyingMaterial.withUnsafeBytes { Data($0) }.base64URL
        == Self.inputKeyingMaterial)
    #expect(
      derived.contentEncryptionKey.withUnsafeBytes { Data($0) }.base64URL
        == Self.contentEncryptionKey)
    #expect(derived.nonce.base64URL == Self.nonce)
  }

  @Test func theHeaderCarriesSaltRecordSizeAndTheSendersKey() throws {
    let body = try Self.encryption().encrypt(Data(Self.plaintext.utf8), for: Self.keys())
    #expect(body.prefix(16).base64URL == Self.salt)
    #expect(Array(body[16..<20]) == [0, 0, 0x10, 0])
    #expect(body[20] == 65)
    #expect(body[21..<86].base64URL == Self.applicationServerPublicKey)
    // The record: plaintext, its delimiter, AES-GCM's 16-byte tag.
    #expect(body.count == 86 + Self.plaintext.utf8.count + 1 + 16)
  }

  @Test func freshRandomnessMakesEachMessageDifferent() throws {
    let keys = try Self.keys()
    let first = try PushMessageEncryption().encrypt(Data(Self.plaintext.utf8), for: keys)
    let second = try PushMessageEncryption().encrypt(Data(Self.plaintext.utf8), for: keys)
    #expect(first.prefix(16) != second.prefix(16), "the salt repeated")
    #expect(first[21..<86] != second[21..<86], "the ephemeral key repeated")
    #expect(first.count == second.count)
  }
}
