/// The IBM PC code page that APPNOTE names for a zip member's name without the UTF-8 flag.
///
/// The bytes may really be in any code page (GBK on a Chinese Windows, CP866 on a Russian one):
/// the archive does not say which, so CP437 is only a way to show them. That is enough, since
/// an export is recognised by its place and extension, which are ASCII in every code page.
enum ZipCodePage437 {
  /// Bytes 0x80 to 0xFF; below that CP437 is ASCII (its pictures for control bytes are not
  /// used in names).
  private static let upperHalf: [Unicode.Scalar] = Array(
    ("ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀"
      + "αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{00A0}").unicodeScalars)

  /// `bytes` read as CP437.
  static func decode(_ bytes: [UInt8]) -> String {
    var scalars = String.UnicodeScalarView()
    for byte in bytes {
      scalars.append(byte < 0x80 ? Unicode.Scalar(byte) : upperHalf[Int(byte - 0x80)])
    }
    return String(scalars)
  }
}
