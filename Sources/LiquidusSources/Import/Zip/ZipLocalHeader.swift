/// The header before a member's data (APPNOTE 4.3.7).
///
/// Readers inflate by what this header says, not the central directory: ZIPFoundation takes
/// the compression method from here, so a member is judged readable by both.
struct ZipLocalHeader: Equatable {
  static let signature: UInt32 = 0x0403_4B50
  static let fixedLength = 30

  let flags: UInt16
  let method: ZipCompressionMethod
  let nameLength: Int
  let extraLength: Int

  /// How many bytes the header takes before the member's data.
  var length: Int { Self.fixedLength + nameLength + extraLength }

  /// The header at the start of `bytes`, or nil when they do not begin with one.
  init?(_ bytes: ZipBytes) {
    guard bytes.uint32(at: 0) == Self.signature,
      let flags = bytes.uint16(at: 6),
      let method = bytes.uint16(at: 8),
      let nameLength = bytes.uint16(at: 26),
      let extraLength = bytes.uint16(at: 28)
    else { return nil }
    self.flags = flags
    self.method = ZipCompressionMethod(code: method)
    self.nameLength = Int(nameLength)
    self.extraLength = Int(extraLength)
  }
}
