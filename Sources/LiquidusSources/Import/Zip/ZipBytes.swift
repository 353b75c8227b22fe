/// Little-endian fields at offsets in a zip's header bytes, nil past the end: every length and
/// offset in a zip comes from the file, so none is trusted to lie inside the bytes read.
struct ZipBytes {
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The unsigned integer of `width` bytes at `offset`.
  func value(at offset: Int, width: Int) -> UInt64? {
    guard offset >= 0, width <= bytes.count, offset <= bytes.count - width else { return nil }
    var result: UInt64 = 0
    for index in 0..<width { result |= UInt64(bytes[offset + index]) << (8 * index) }
    return result
  }

  func uint16(at offset: Int) -> UInt16? { value(at: offset, width: 2).map { UInt16($0) } }
  func uint32(at offset: Int) -> UInt32? { value(at: offset, width: 4).map { UInt32($0) } }
  func uint64(at offset: Int) -> UInt64? { value(at: offset, width: 8) }

  /// `count` bytes from `offset`, or nil when they run past the end.
  func slice(at offset: Int, count: Int) -> [UInt8]? {
    guard offset >= 0, count >= 0, count <= bytes.count, offset <= bytes.count - count else {
      return nil
    }
    return Array(bytes[offset..<offset + count])
  }
}
