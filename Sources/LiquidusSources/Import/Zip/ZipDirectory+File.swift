import Foundation

extension ZipDirectory {
  /// Reads the directory of the zip at `url`.
  ///
  /// - Throws: ``Damage`` as ``init(size:read:)`` does, and when the file cannot be read.
  init(url: URL) throws(Damage) {
    guard let handle = try? FileHandle(forReadingFrom: url) else {
      throw Damage(reason: "cannot open it")
    }
    defer { try? handle.close() }
    guard let size = try? handle.seekToEnd() else { throw Damage(reason: "cannot read its size") }
    try self.init(size: size) { offset, count in
      guard offset <= size, (try? handle.seek(toOffset: offset)) != nil else { return nil }
      return (try? handle.read(upToCount: count)).map { [UInt8]($0) } ?? (count == 0 ? [] : nil)
    }
  }

  /// The local header of `record`, read from the zip at `url`; nil when there is none there.
  static func localHeader(of record: ZipDirectoryRecord, url: URL) -> ZipLocalHeader? {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
    defer { try? handle.close() }
    guard (try? handle.seek(toOffset: record.localHeaderOffset)) != nil,
      let bytes = try? handle.read(upToCount: ZipLocalHeader.fixedLength)
    else { return nil }
    return ZipLocalHeader(ZipBytes([UInt8](bytes)))
  }
}
