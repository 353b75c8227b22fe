/// A zip's central directory read from its bytes: where it starts and every member's record.
///
/// ZIPFoundation inflates the members, but it decodes a name without the UTF-8 flag as CP437
/// whatever its bytes, and a length computed from such a name re-encoded is wrong (a GBK
/// `导出.xml` grew by 8 bytes, and a whole zip was called truncated). So the directory is read
/// here from the bytes themselves, for names, lengths and compression methods.
///
/// It reads through a closure (`read(offset, count)`), so that the same code parses a file
/// and, under the fuzzer, bytes in memory. Nothing is sized from what the zip claims before
/// it is checked against what was read.
struct ZipDirectory: Equatable {
  /// What makes the bytes no readable zip directory, in words for a message.
  struct Damage: Error, Equatable {
    let reason: String
  }

  /// Where the central directory starts: every member's local header and data lie before it.
  let offset: UInt64
  /// The members, in the directory's order (ZIPFoundation's too).
  let records: [ZipDirectoryRecord]

  private static let endSignature: UInt32 = 0x0605_4B50
  private static let zip64LocatorSignature: UInt32 = 0x0706_4B50
  private static let zip64EndSignature: UInt32 = 0x0606_4B50
  private static let endLength = 22
  private static let zip64LocatorLength = 20
  private static let zip64EndLength = 56

  /// Reads the directory of a zip of `size` bytes.
  ///
  /// - Throws: ``Damage`` when there is no end record, or the directory it points at is not
  ///   all there.
  init(size: UInt64, read: (_ offset: UInt64, _ count: Int) -> [UInt8]?) throws(Damage) {
    guard size >= UInt64(Self.endLength) else { throw Damage(reason: "no zip directory") }
    // The end record is 22 bytes and a comment of at most 65,535 after it.
    let tailLength = Int(min(size, UInt64(Self.endLength + 0xFFFF)))
    let tailStart = size - UInt64(tailLength)
    guard let tail = read(tailStart, tailLength), tail.count == tailLength else {
      throw Damage(reason: "cannot read its end")
    }
    let tailBytes = ZipBytes(tail)
    var at = tailLength - Self.endLength
    while at >= 0 && tailBytes.uint32(at: at) != Self.endSignature { at -= 1 }
    guard at >= 0, let count16 = tailBytes.uint16(at: at + 10),
      let size32 = tailBytes.uint32(at: at + 12), let offset32 = tailBytes.uint32(at: at + 16)
    else { throw Damage(reason: "no zip directory at the end") }
    let endOffset = tailStart + UInt64(at)
    var count = UInt64(count16)
    var directorySize = UInt64(size32)
    var directoryOffset = UInt64(offset32)
    if count16 == .max || size32 == .max || offset32 == .max,
      let zip64 = Self.zip64End(before: endOffset, read: read)
    {
      (count, directorySize, directoryOffset) = zip64
    }
    let (end, overflow) = directoryOffset.addingReportingOverflow(directorySize)
    guard !overflow, end <= endOffset else {
      throw Damage(reason: "its directory claims bytes past the directory's end record")
    }
    guard let directory = read(directoryOffset, Int(directorySize)),
      directory.count == Int(directorySize)
    else { throw Damage(reason: "cannot read its directory") }
    offset = directoryOffset
    records = try Self.records(ZipBytes(directory), count: count)
  }

  /// The ZIP64 end record's entry count, directory size and offset, when a locator sits just
  /// before the end record.
  private static func zip64End(
    before endOffset: UInt64, read: (UInt64, Int) -> [UInt8]?
  ) -> (UInt64, UInt64, UInt64)? {
    guard endOffset >= UInt64(zip64LocatorLength),
      let locatorBytes = read(endOffset - UInt64(zip64LocatorLength), zip64LocatorLength)
    else { return nil }
    let locator = ZipBytes(locatorBytes)
    guard locator.uint32(at: 0) == zip64LocatorSignature,
      let recordOffset = locator.uint64(at: 8), recordOffset < endOffset,
      let recordBytes = read(recordOffset, zip64EndLength)
    else { return nil }
    let record = ZipBytes(recordBytes)
    guard record.uint32(at: 0) == zip64EndSignature, let count = record.uint64(at: 32),
      let size = record.uint64(at: 40), let offset = record.uint64(at: 48)
    else { return nil }
    return (count, size, offset)
  }

  /// The `count` records of `directory`; every one must be whole.
  private static func records(
    _ directory: ZipBytes, count: UInt64
  ) throws(Damage) -> [ZipDirectoryRecord] {
    // Each record takes at least 46 bytes, so no count beyond that fits the bytes read.
    guard count <= UInt64(directory.bytes.count / ZipDirectoryRecord.fixedLength) else {
      throw Damage(reason: "its directory lists \(count) members, more than it has room for")
    }
    var records: [ZipDirectoryRecord] = []
    records.reserveCapacity(Int(count))
    var at = 0
    for index in 0..<Int(count) {
      guard let record = ZipDirectoryRecord(directory, at: at) else {
        throw Damage(reason: "its directory's record \(index + 1) of \(count) is damaged")
      }
      records.append(record)
      at += record.length
    }
    return records
  }
}
