/// A zip member's name, read from its header bytes as the format says.
///
/// In order: Info-ZIP's Unicode Path extra field when its CRC-32 matches the header's name
/// bytes (a field whose CRC does not match belongs to a name that a later tool changed, and is
/// ignored, as APPNOTE 4.6.9 asks); the bytes as UTF-8 when general-purpose bit 11 says so or
/// when they are valid UTF-8 (Info-ZIP on Linux, Android file managers and many others write
/// UTF-8 without the flag; a legacy code page's non-ASCII bytes are almost never valid UTF-8);
/// and otherwise CP437, which shows the bytes of any legacy code page without losing one.
///
/// The name is for finding members and naming them in messages; every length and offset is
/// taken from the header's bytes, never from the name re-encoded.
enum ZipEntryName {
  /// General-purpose bit 11: the name and comment are UTF-8.
  static let utf8Flag: UInt16 = 1 << 11

  /// The name of `bytes`, given the header's flags and extra fields.
  static func decode(_ bytes: [UInt8], flags: UInt16, extra: ZipExtraFields) -> String {
    if let unicode = unicodePath(extra, matching: bytes) { return unicode }
    if flags & utf8Flag != 0 || isValidUTF8(bytes) { return String(decoding: bytes, as: UTF8.self) }
    return ZipCodePage437.decode(bytes)
  }

  /// The Unicode Path field's name: version 1, the CRC-32 of the header's name, UTF-8.
  private static func unicodePath(_ extra: ZipExtraFields, matching bytes: [UInt8]) -> String? {
    guard let field = extra[ZipExtraFields.unicodePath], field.count > 5, field[0] == 1 else {
      return nil
    }
    let reader = ZipBytes(field)
    let crc = bytes.withUnsafeBytes { ZipChecksum.update(0, $0) }
    guard reader.uint32(at: 1) == crc else { return nil }
    let name = Array(field[5...])
    return isValidUTF8(name) ? String(decoding: name, as: UTF8.self) : nil
  }

  private static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }
}
