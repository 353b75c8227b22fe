import Foundation

/// base64url without padding (RFC 4648 §5): the alphabet a browser writes a subscription's keys
/// in, and the one VAPID's JWT and `k=` use.
enum Base64URL {
  static func encode(_ bytes: some Sequence<UInt8>) -> String {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// The bytes `text` spells, or nil when it is not base64url. Padding is allowed, since some
  /// browsers' libraries add it; standard base64's `+` and `/` are not.
  static func decode(_ text: String) -> Data? {
    var body = Substring(text)
    while body.hasSuffix("=") { body = body.dropLast() }
    guard
      body.utf8.allSatisfy({
        ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39)
          || $0 == 0x2D || $0 == 0x5F
      }), body.utf8.count % 4 != 1
    else { return nil }
    var standard = body.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
    return Data(base64Encoded: standard)
  }
}
