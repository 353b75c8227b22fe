/// One member as a zip's central directory describes it (APPNOTE 4.3.12), with its name read
/// from the header's bytes (``ZipEntryName``) and its sizes from the ZIP64 field when the fixed
/// ones are saturated.
struct ZipDirectoryRecord: Equatable {
  static let signature: UInt32 = 0x0201_4B50
  static let fixedLength = 46

  /// The name, decoded as the format says.
  let name: String
  /// How many bytes the name takes in the header: the only length a layout may be judged by.
  let nameLength: Int
  let flags: UInt16
  let method: ZipCompressionMethod
  let crc32: UInt32
  let compressedSize: UInt64
  let uncompressedSize: UInt64
  /// Where the member's local header starts.
  let localHeaderOffset: UInt64
  /// How many bytes the record takes in the directory, so the next one can be found.
  let length: Int

  /// Whether the name says the member is a folder.
  var isFolder: Bool { name.hasSuffix("/") }

  /// The record at `offset` in `directory`, or nil when it is not a whole record.
  init?(_ directory: ZipBytes, at offset: Int) {
    guard directory.uint32(at: offset) == Self.signature,
      let flags = directory.uint16(at: offset + 8),
      let method = directory.uint16(at: offset + 10),
      let crc32 = directory.uint32(at: offset + 16),
      let compressed = directory.uint32(at: offset + 20),
      let uncompressed = directory.uint32(at: offset + 24),
      let nameLength = directory.uint16(at: offset + 28),
      let extraLength = directory.uint16(at: offset + 30),
      let commentLength = directory.uint16(at: offset + 32),
      let localOffset = directory.uint32(at: offset + 42),
      let nameBytes = directory.slice(at: offset + Self.fixedLength, count: Int(nameLength)),
      let extraBytes = directory.slice(
        at: offset + Self.fixedLength + Int(nameLength), count: Int(extraLength)),
      // The comment is not read, but a record that runs past the directory is not whole.
      directory.slice(
        at: offset + Self.fixedLength + Int(nameLength) + Int(extraLength),
        count: Int(commentLength)) != nil
    else { return nil }
    let extra = ZipExtraFields(extraBytes)
    // The ZIP64 field holds, in this order, only the values whose fixed field is saturated.
    let zip64 = ZipBytes(extra[ZipExtraFields.zip64] ?? [])
    var next = 0
    func widened(_ value: UInt32) -> UInt64 {
      guard value == .max, let wide = zip64.uint64(at: next) else { return UInt64(value) }
      next += 8
      return wide
    }
    uncompressedSize = widened(uncompressed)
    compressedSize = widened(compressed)
    localHeaderOffset = widened(localOffset)
    self.flags = flags
    self.method = ZipCompressionMethod(code: method)
    self.crc32 = crc32
    self.nameLength = Int(nameLength)
    name = ZipEntryName.decode(nameBytes, flags: flags, extra: extra)
    length = Self.fixedLength + Int(nameLength) + Int(extraLength) + Int(commentLength)
  }
}
