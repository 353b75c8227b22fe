/// A zip member's compression method (APPNOTE 4.4.5), and whether Liquidus can unpack it.
///
/// The Health app, Health Connect, Google Takeout and the usual zip tools store or deflate;
/// 7-Zip, `zip -Z bzip2` and some Windows tools can be asked for others. Those are refused by
/// name before anything is read, not reported as damaged data after the inflater gives up.
struct ZipCompressionMethod: Equatable {
  let code: UInt16

  static let stored = ZipCompressionMethod(code: 0)
  static let deflated = ZipCompressionMethod(code: 8)

  /// Whether the member can be read: stored or deflated.
  var isReadable: Bool { self == .stored || self == .deflated }

  /// The method as the tools that write it call it.
  var name: String {
    switch code {
    case 0: "no compression (stored)"
    case 1: "Shrink"
    case 2, 3, 4, 5: "Reduce"
    case 6: "Implode"
    case 8: "Deflate"
    case 9: "Deflate64"
    case 10: "PKWARE DCL Implode"
    case 12: "bzip2"
    case 14: "LZMA"
    case 16: "IBM z/OS CMPSC"
    case 18: "IBM TERSE"
    case 19: "IBM LZ77"
    case 20, 93: "Zstandard"
    case 94: "MP3"
    case 95: "XZ"
    case 96: "JPEG"
    case 97: "WavPack"
    case 98: "PPMd"
    case 99: "AES encryption"
    default: "zip method \(code)"
    }
  }
}
