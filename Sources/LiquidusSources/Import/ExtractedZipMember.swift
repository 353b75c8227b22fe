import Foundation
import ZIPFoundation

/// One member of a zip, copied into a private temporary folder for a reader that needs a file
/// of its own: SQLite cannot open a database inside a zip, and a folder or zip of several
/// exports hands each of its small JSON and CSV files to the reader of its format.
///
/// The folder is created for this copy alone, readable by its owner only (0700), and removed
/// with the copy by ``remove()`` or at the latest when the value is released, so a health
/// database never lingers in `/tmp`. The zip is checked like an Apple Health export first
/// (``ZipLayoutCheck``), and the member's CRC-32 is verified while it is copied.
final class ExtractedZipMember {
  /// The copy.
  let url: URL
  private let folder: URL

  /// Copies `entryPath` out of the zip at `archiveURL`.
  ///
  /// - Throws: ``ImportError/corruptZip(path:reason:)`` for a damaged zip or member,
  ///   ``ImportError/unreadableFile(path:reason:)`` when the copy cannot be written.
  init(archiveURL: URL, entryPath: String) throws(ImportError) {
    let archive = try ZipEntryByteSource.openArchive(url: archiveURL)
    try ZipLayoutCheck.verify(archive, url: archiveURL)
    guard let entry = archive[entryPath], entry.type == .file else {
      throw .corruptZip(path: archiveURL.path, reason: "it has no member \(entryPath)")
    }
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("liquidus-\(UUID().uuidString)")
    // The member's own name, so that messages and SQLite's errors name what the user knows.
    let name = (entryPath as NSString).lastPathComponent
    url = folder.appendingPathComponent(["", ".", ".."].contains(name) ? "member" : name)
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: false,
        attributes: [.posixPermissions: 0o700])
      guard
        FileManager.default.createFile(
          atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
      else {
        throw ImportError.unreadableFile(
          path: archiveURL.path, reason: "cannot write a temporary copy in \(folder.path)")
      }
      let handle = try FileHandle(forWritingTo: url)
      defer { try? handle.close() }
      _ = try archive.extract(entry, bufferSize: 1 << 20, skipCRC32: false) { chunk in
        try handle.write(contentsOf: chunk)
      }
    } catch let error as ImportError {
      remove()
      throw error
    } catch {
      remove()
      throw .corruptZip(
        path: archiveURL.path, reason: "cannot copy out \(entryPath): \(error)")
    }
  }

  deinit { remove() }

  /// Deletes the copy and its folder.
  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}
