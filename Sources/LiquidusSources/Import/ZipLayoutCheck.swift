import Foundation
import ZIPFoundation

/// Refuses a zip whose entries claim more bytes than lie before its central directory.
///
/// ZIPFoundation 0.9.20 inflates until the deflate stream ends; when the data was cut short
/// but the directory is intact (a damaged copy, or a crafted file), its read loop receives
/// empty chunks forever and never returns. Every entry's local header (30 bytes and its name)
/// and compressed data lie before the central directory, so if their sum exceeds the
/// directory's offset, some entry's data is missing, and the import stops before inflating.
enum ZipLayoutCheck {
  /// - Throws: ``ImportError/corruptZip(path:reason:)`` when the entries cannot fit.
  static func verify(_ archive: Archive, url: URL) throws(ImportError) {
    guard let directoryOffset = centralDirectoryOffset(url: url) else { return }
    var claimed: UInt64 = 0
    for entry in archive {
      claimed &+= 30 &+ UInt64(entry.path.utf8.count) &+ entry.compressedSize
    }
    if claimed > directoryOffset {
      throw .corruptZip(
        path: url.path,
        reason: "its entries claim \(claimed) bytes but only \(directoryOffset) precede the zip"
          + " directory: data is missing, the file is truncated")
    }
  }

  /// The central directory's offset from the end-of-central-directory record (ZIP64 aware),
  /// or nil when the record cannot be read (ZIPFoundation has then already judged the file).
  static func centralDirectoryOffset(url: URL) -> UInt64? {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
    defer { try? handle.close() }
    guard let size = try? handle.seekToEnd(), size >= 22 else { return nil }
    let tailLength = min(size, 22 + 65_535)
    guard (try? handle.seek(toOffset: size - tailLength)) != nil,
      let tail = try? handle.read(upToCount: Int(tailLength))
    else { return nil }
    let bytes = [UInt8](tail)
    var index = bytes.count - 22
    while index >= 0
      && !(bytes[index] == 0x50 && bytes[index + 1] == 0x4B
        && bytes[index + 2] == 0x05 && bytes[index + 3] == 0x06)
    {
      index -= 1
    }
    guard index >= 0 else { return nil }
    let offset = UInt64(littleEndian32(bytes, index + 16))
    if offset != 0xFFFF_FFFF { return offset }
    // ZIP64: the locator sits just before the record and points at the ZIP64 record.
    let locator = index - 20
    guard locator >= 0, littleEndian32(bytes, locator) == 0x0706_4B50 else { return nil }
    let record = littleEndian64(bytes, locator + 8)
    guard (try? handle.seek(toOffset: record)) != nil,
      let zip64 = try? handle.read(upToCount: 56), zip64.count == 56
    else { return nil }
    let recordBytes = [UInt8](zip64)
    guard littleEndian32(recordBytes, 0) == 0x0606_4B50 else { return nil }
    return littleEndian64(recordBytes, 48)
  }

  private static func littleEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
  }

  private static func littleEndian64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
    (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * $1) }
  }
}
