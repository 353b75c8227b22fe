import Foundation
import Testing

@testable import LiquidusPush

/// The server's key as the database keeps it, and a phone's subscription keys: the right
/// lengths read, the wrong ones are refused in words that say what to do.
@Suite struct PushKeyTests {
  @Test func aKeyPairReadsBackFromItsKeptBytes() throws {
    let made = VAPIDKeyPair.generate()
    #expect(made.rawPrivateKey.count == 32)
    let read = try VAPIDKeyPair(rawPrivateKey: made.rawPrivateKey)
    #expect(read.publicKey == made.publicKey)
    #expect(made.publicKey.count == 65)
    #expect(made.publicKey.first == 0x04)
    #expect(made.publicKeyBase64URL.count == 87)
    #expect(Data(base64URL: made.publicKeyBase64URL) == made.publicKey)
    #expect(VAPIDKeyPair.generate().publicKey != made.publicKey)
  }

  /// RFC 8291 Appendix A's application server key: its private half gives its public half.
  @Test func aKnownPrivateKeyGivesItsPublicKey() throws {
    let keyPair = try VAPIDKeyPair(
      rawPrivateKey: Data(base64URL: RFC8291ExampleTests.applicationServerPrivateKey))
    #expect(keyPair.publicKeyBase64URL == RFC8291ExampleTests.applicationServerPublicKey)
  }

  @Test(arguments: [0, 31, 33, 65])
  func aKeptKeyOfTheWrongLengthIsRefused(count: Int) throws {
    let error = #expect(throws: PushKeyError.serverKeyLength(count)) {
      try VAPIDKeyPair(rawPrivateKey: Data(repeating: 7, count: count))
    }
    #expect(error?.description.contains("is \(count) bytes; a VAPID key is 32") == true)
  }

  @Test(arguments: [Data(count: 32), Data(repeating: 0xFF, count: 32)])
  func thirtyTwoBytesThatAreNotAKeyAreRefused(bytes: Data) throws {
    #expect(throws: PushKeyError.serverKeyNotAKey) { try VAPIDKeyPair(rawPrivateKey: bytes) }
  }

  static let phoneKey = Data(base64URL: RFC8291ExampleTests.userAgentPublicKey)
  static let auth = Data(base64URL: RFC8291ExampleTests.authSecret)

  @Test func aBrowsersKeysRead() throws {
    let keys = try PushSubscriptionKeys(
      p256dh: RFC8291ExampleTests.userAgentPublicKey, auth: RFC8291ExampleTests.authSecret)
    #expect(keys.p256dh == Self.phoneKey)
    #expect(keys.auth == Self.auth)
  }

  @Test func aCompressedPhoneKeyIsRefusedSayingWhatABrowserSends() throws {
    // The same point, compressed: 0x02 or 0x03, then x.
    let compressed = Data([0x02 | (Self.phoneKey.last! & 1)]) + Self.phoneKey[1..<33]
    let error = #expect(throws: PushKeyError.phoneKeyLength(33)) {
      try PushSubscriptionKeys(p256dh: compressed, auth: Self.auth)
    }
    #expect(
      error?.description
        == "The phone's push key is 33 bytes; a browser's is 65 (an uncompressed P-256 point). "
        + "Send the subscription's keys.p256dh exactly as the browser's "
        + "PushSubscription.toJSON() gives it.")
  }

  @Test func sixtyFiveBytesOffTheCurveAreRefused() throws {
    var offCurve = Self.phoneKey
    offCurve[64] ^= 1
    #expect(throws: PushKeyError.phoneKeyNotAPoint) {
      try PushSubscriptionKeys(p256dh: offCurve, auth: Self.auth)
    }
    var notUncompressed = Self.phoneKey
    notUncompressed[0] = 0x06
    #expect(throws: PushKeyError.phoneKeyNotAPoint) {
      try PushSubscriptionKeys(p256dh: notUncompressed, auth: Self.auth)
    }
  }

  @Test(arguments: [0, 15, 17, 32])
  func anAuthSecretOfTheWrongLengthIsRefused(count: Int) throws {
    #expect(throws: PushKeyError.authSecretLength(count)) {
      try PushSubscriptionKeys(p256dh: Self.phoneKey, auth: Data(repeating: 1, count: count))
    }
  }

  @Test func keysThatAreNotBase64URLAreRefusedByName() throws {
    #expect(throws: PushKeyError.notBase64URL(field: "p256dh")) {
      try PushSubscriptionKeys(p256dh: "not base64!", auth: RFC8291ExampleTests.authSecret)
    }
    #expect(throws: PushKeyError.notBase64URL(field: "auth")) {
      try PushSubscriptionKeys(p256dh: RFC8291ExampleTests.userAgentPublicKey, auth: "a+b/")
    }
  }
}
