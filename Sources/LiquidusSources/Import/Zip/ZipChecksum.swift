/// CRC-32 (the zip polynomial), slicing-by-8, for a member name's Unicode Path field.
///
/// The export's data is checked with zlib's own `crc32` on the inflating thread
/// (``ZipMemberInflater``); this one stays in Swift so that the zip directory's parsing builds
/// without zlib, as the fuzzer builds it (Scripts/fuzz).
enum ZipChecksum {
  private static let table: [UInt32] = {
    var table = [UInt32](repeating: 0, count: 8 * 256)
    for i in 0..<256 {
      var c = UInt32(i)
      for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
      table[i] = c
    }
    for slice in 1..<8 {
      for i in 0..<256 {
        let previous = table[(slice - 1) * 256 + i]
        table[slice * 256 + i] = (previous >> 8) ^ table[Int(previous & 0xFF)]
      }
    }
    return table
  }()

  /// The CRC of the bytes so far (`crc`) extended by `bytes`.
  static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    guard var p = bytes.baseAddress else { return crc }
    var n = bytes.count
    var c = ~crc
    table.withUnsafeBufferPointer { t in
      while n >= 8 {
        let one = UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)) ^ c
        let two = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        c =
          t[7 * 256 + Int(one & 0xFF)] ^ t[6 * 256 + Int((one >> 8) & 0xFF)]
          ^ t[5 * 256 + Int((one >> 16) & 0xFF)] ^ t[4 * 256 + Int(one >> 24)]
          ^ t[3 * 256 + Int(two & 0xFF)] ^ t[2 * 256 + Int((two >> 8) & 0xFF)]
          ^ t[256 + Int((two >> 16) & 0xFF)] ^ t[Int(two >> 24)]
        p += 8
        n -= 8
      }
      while n > 0 {
        c = t[Int((c ^ UInt32(p.load(as: UInt8.self))) & 0xFF)] ^ (c >> 8)
        p += 1
        n -= 1
      }
    }
    return ~c
  }
}
