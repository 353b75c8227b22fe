import Foundation

/// The base64url text (RFC 4648 section 5) a browser writes a push subscription's keys in,
/// without padding as `PushSubscription.toJSON()` gives them; VAPID's token and key use it too.
public enum Base64URL {
  /// The bytes of `text`, with or without `=` padding. Nil for anything else (the standard
  /// alphabet's `+` and `/`, spaces, other characters, an impossible length).
  public static func decode(_ text: String) -> [UInt8]? {
    var body = text
    while body.hasSuffix("=") { body.removeLast() }
    guard body.utf8.count % 4 != 1, text.utf8.count - body.utf8.count <= 2,
      body.utf8.allSatisfy({ byte in
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
      })
    else { return nil }
    let standard = body.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    let padded = standard + String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
    return Data(base64Encoded: padded).map(Array.init)
  }

  /// `bytes` as base64url without padding.
  public static func encode(_ bytes: some Sequence<UInt8>) -> String {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}
