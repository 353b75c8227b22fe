// Fuzz target: a zip's end record, central directory and local headers (ZipDirectory,
// ZipLocalHeader, ZipEntryName, ZipLayoutCheck), read from memory as Apple Health, Health
// Connect and bundles read a file: any bytes give a directory or ZipDirectory.Damage, never a
// crash, a hang or an allocation sized by what the bytes claim, and every record it lists lies
// inside the bytes.
func fuzzZipDirectory(_ bytes: UnsafeBufferPointer<UInt8>) {
  let data = Array(bytes)
  let read: (UInt64, Int) -> [UInt8]? = { offset, count in
    guard count >= 0, offset <= UInt64(data.count), count <= data.count - Int(offset) else {
      return nil
    }
    return Array(data[Int(offset)..<Int(offset) + count])
  }
  // A name shown as CP437 keeps one character per byte, so no byte is lost or merged.
  let name = Array(data.prefix(64))
  precondition(ZipCodePage437.decode(name).unicodeScalars.count == name.count)
  guard let directory = try? ZipDirectory(size: UInt64(data.count), read: read) else { return }
  precondition(directory.offset <= UInt64(data.count))
  var listed = 0
  for record in directory.records {
    precondition(record.length >= ZipDirectoryRecord.fixedLength + record.nameLength)
    listed += record.length
    if let header = read(record.localHeaderOffset, ZipLocalHeader.fixedLength)
      .flatMap({ ZipLocalHeader(ZipBytes($0)) })
    {
      precondition(header.length >= ZipLocalHeader.fixedLength)
    }
    _ = record.method.isReadable ? "" : record.method.name
  }
  precondition(UInt64(listed) <= UInt64(data.count) - directory.offset)
  _ = try? ZipLayoutCheck.verify(directory, path: "fuzz.zip")
}
