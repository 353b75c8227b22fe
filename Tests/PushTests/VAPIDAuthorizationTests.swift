import Crypto
import Foundation
import Testing

@testable import LiquidusPush

/// The `Authorization` header (RFC 8292): read back with the tests' own decoding and checked
/// with swift-crypto's verifier, as a push service would.
@Suite struct VAPIDAuthorizationTests {
  static let now = Date(timeIntervalSince1970: 1_795_000_000)
  static let endpoint = URL(string: "https://push.example.net/wpush/v2/abc?x=1")!

  /// The three parts of `t=`, and `k=`, from a header value.
  static func parts(of header: String) throws -> (jwt: [String], key: String) {
    #expect(header.hasPrefix("vapid t="), "\(header)")
    let fields = header.dropFirst("vapid ".count).components(separatedBy: ", ")
    try #require(fields.count == 2, "\(header)")
    try #require(fields[0].hasPrefix("t=") && fields[1].hasPrefix("k="), "\(header)")
    return (fields[0].dropFirst(2).components(separatedBy: "."), String(fields[1].dropFirst(2)))
  }

  static func json(_ part: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(base64URL: part)) as? [String: Any])
  }

  @Test func theTokensPartsDecodeToTheClaims() throws {
    let keyPair = VAPIDKeyPair.generate()
    let authorization = try VAPIDAuthorization(
      endpoint: Self.endpoint, contact: "mailto:owner@example.org", now: Self.now,
      keyPair: keyPair)
    let (jwt, key) = try Self.parts(of: authorization.headerValue)
    try #require(jwt.count == 3)
    let header = try Self.json(jwt[0])
    #expect(header["typ"] as? String == "JWT")
    #expect(header["alg"] as? String == "ES256")
    #expect(header.count == 2)
    let claims = try Self.json(jwt[1])
    #expect(claims["aud"] as? String == "https://push.example.net")
    #expect(claims["exp"] as? Int == 1_795_000_000 + 12 * 3600)
    #expect(claims["sub"] as? String == "mailto:owner@example.org")
    #expect(claims.count == 3)
    #expect(key == keyPair.publicKeyBase64URL)
    // base64url without padding throughout.
    for part in jwt + [key] {
      #expect(!part.contains("=") && !part.contains("+") && !part.contains("/"), "\(part)")
    }
  }

  @Test func theSignatureVerifiesWithThePublicKeyAndNotWithAnother() throws {
    let keyPair = VAPIDKeyPair.generate()
    let authorization = try VAPIDAuthorization(
      endpoint: Self.endpoint, contact: "https://example.org/contact", now: Self.now,
      keyPair: keyPair)
    let (jwt, key) = try Self.parts(of: authorization.headerValue)
    let signature = Data(base64URL: jwt[2])
    #expect(signature.count == 64)
    let ecdsa = try P256.Signing.ECDSASignature(rawRepresentation: signature)
    let signed = Data("\(jwt[0]).\(jwt[1])".utf8)
    let publicKey = try P256.Signing.PublicKey(x963Representation: Data(base64URL: key))
    #expect(publicKey.isValidSignature(ecdsa, for: signed))
    let another = try P256.Signing.PublicKey(x963Representation: VAPIDKeyPair.generate().publicKey)
    #expect(!another.isValidSignature(ecdsa, for: signed))
    #expect(!publicKey.isValidSignature(ecdsa, for: Data("\(jwt[0]).\(jwt[1])x".utf8)))
  }

  @Test(arguments: [
    ("https://push.example.net/a", "https://push.example.net"),
    ("https://push.example.net:443/a", "https://push.example.net"),
    ("https://Push.Example.NET:8443/a/b", "https://push.example.net:8443"),
    ("http://127.0.0.1:80/push", "http://127.0.0.1"),
    ("http://127.0.0.1:49152/push/x", "http://127.0.0.1:49152"),
    ("https://[::1]:9443/push", "https://[::1]:9443"),
  ])
  func theAudienceIsTheEndpointsOrigin(endpoint: String, origin: String) throws {
    let authorization = try VAPIDAuthorization(
      endpoint: URL(string: endpoint)!, contact: "mailto:a@example.org", now: Self.now,
      keyPair: .generate())
    let (jwt, _) = try Self.parts(of: authorization.headerValue)
    #expect(try Self.json(jwt[1])["aud"] as? String == origin)
  }

  @Test(arguments: ["ftp://push.example.net/x", "push.example.net/x", "https:///x"])
  func anEndpointThatIsNotAWebAddressIsRefused(endpoint: String) throws {
    let url = try #require(URL(string: endpoint))
    #expect(throws: PushEndpointError.notAWebAddress(url.absoluteString)) {
      try VAPIDAuthorization(
        endpoint: url, contact: "mailto:a@example.org", now: Self.now, keyPair: .generate())
    }
  }

  @Test(arguments: ["owner@example.org", "mailto:", "http://example.org", ""])
  func aContactThatIsNotAnAddressIsRefused(contact: String) throws {
    let error = #expect(throws: PushEndpointError.contactNotAnAddress(contact)) {
      try VAPIDAuthorization(
        endpoint: Self.endpoint, contact: contact, now: Self.now, keyPair: .generate())
    }
    #expect(error?.description.contains("mailto:you@example.org") == true)
  }
}
