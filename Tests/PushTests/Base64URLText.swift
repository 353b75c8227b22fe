import Foundation

/// The tests' own base64url reading (RFC 4648 §5), apart from the library's, so that a decoder
/// that lost a byte could not make the library agree with itself about the wrong keys.
extension Data {
  init(base64URL text: String) {
    var standard = text.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
    self = Data(base64Encoded: standard)!
  }

  var base64URL: String {
    base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }
}
