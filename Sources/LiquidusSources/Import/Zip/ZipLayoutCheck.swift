/// Refuses a zip whose entries claim more bytes than lie before its central directory.
///
/// ZIPFoundation 0.9.20 inflates until the deflate stream ends; when the data was cut short
/// but the directory is intact (a damaged copy, or a crafted file), its read loop receives
/// empty chunks forever and never returns. Every entry's local header (30 bytes and its name)
/// and compressed data lie before the central directory, so if their sum exceeds the
/// directory's offset, some entry's data is missing, and the import stops before inflating.
///
/// The name's length is the one in the header: a name decoded from a legacy code page and
/// encoded again as UTF-8 is longer than its bytes, and counting that called whole zips
/// truncated.
enum ZipLayoutCheck {
  /// - Throws: ``ImportError/corruptZip(path:reason:)`` when the entries cannot fit.
  static func verify(_ directory: ZipDirectory, path: String) throws(ImportError) {
    let claimed = claimedBytes(directory)
    if claimed > directory.offset {
      throw .corruptZip(
        path: path,
        reason: "its entries claim \(claimed) bytes but only \(directory.offset) precede the zip"
          + " directory: data is missing, the file is truncated")
    }
  }

  /// The fewest bytes the members' local headers and data can take, saturating rather than
  /// wrapping when crafted sizes would overflow.
  static func claimedBytes(_ directory: ZipDirectory) -> UInt64 {
    var claimed: UInt64 = 0
    for record in directory.records {
      for part in [
        UInt64(ZipLocalHeader.fixedLength), UInt64(record.nameLength), record.compressedSize,
      ] {
        let (sum, overflow) = claimed.addingReportingOverflow(part)
        claimed = overflow ? .max : sum
      }
    }
    return claimed
  }
}
