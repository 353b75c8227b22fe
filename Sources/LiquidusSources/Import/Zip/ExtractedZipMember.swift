import Foundation
import ZIPFoundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One member of a zip, copied into a private temporary folder for a reader that needs a file
/// of its own: SQLite cannot open a database inside a zip, and a folder or zip of several
/// exports hands each of its small JSON and CSV files to the reader of its format.
///
/// The folder is created for this copy alone, readable by its owner only (0700), and removed
/// with the copy by ``remove()``, when the value is released, or on Ctrl-C and SIGTERM
/// (``PrivateFolder``), so a health database never lingers in `/tmp`. The zip is checked like
/// an Apple Health export first (``ZipLayoutCheck``), the member's size before a byte is
/// written (``ZipMemberLimits``), and its CRC-32 while it is copied.
final class ExtractedZipMember {
  /// The copy.
  let url: URL
  private let folder: PrivateFolder

  /// Copies `entryPath` out of the zip at `archiveURL`.
  ///
  /// - Throws: ``ImportError/corruptZip(path:reason:)`` for a damaged zip or member,
  ///   ``ImportError/zipMemberRefused(path:member:reason:)`` for a member too large to copy,
  ///   ``ImportError/unsupportedZipCompression(path:member:method:)`` for one compressed in a
  ///   way Liquidus cannot unpack,
  ///   ``ImportError/unreadableFile(path:reason:)`` when the copy cannot be written.
  init(archiveURL: URL, entryPath: String) throws(ImportError) {
    let archive = try ZipArchive(url: archiveURL)
    try ZipLayoutCheck.verify(archive.directory, path: archiveURL.path)
    guard let member = archive[entryPath] else {
      throw .corruptZip(path: archiveURL.path, reason: "it has no member \(entryPath)")
    }
    try archive.checkReadable(member)
    let limits = ZipMemberLimits(archive: archiveURL.path, member: entryPath)
    try limits.check(member.record)
    folder = try PrivateFolder(for: archiveURL.path)
    // The member's own name, so that messages and SQLite's errors name what the user knows.
    let name = (entryPath as NSString).lastPathComponent
    url = try folder.newFile(
      named: ["", ".", ".."].contains(name) ? "member" : name, for: archiveURL.path)
    do {
      let handle = try FileHandle(forWritingTo: url)
      defer { try? handle.close() }
      var written: UInt64 = 0
      _ = try archive.extract(member, bufferSize: 1 << 20, skipCRC32: false) { chunk in
        written += UInt64(chunk.count)
        try limits.checkWritten(written, declared: member.record.uncompressedSize)
        try handle.write(contentsOf: chunk)
      }
    } catch let error as ImportError {
      folder.remove()
      throw error
    } catch {
      folder.remove()
      throw limits.failure(writing: error, in: folder.url.deletingLastPathComponent())
    }
  }

  /// Deletes the copy and its folder.
  func remove() {
    folder.remove()
  }
}
