import Foundation

/// A folder of its own in `$TMPDIR` (0700) for private copies of a person's health data, removed
/// by ``remove()``, when the value is released, or on Ctrl-C and SIGTERM
/// (``TemporaryCopies``), whichever comes first.
final class PrivateFolder {
  let url: URL
  private let key: UUID

  /// - Throws: ``ImportError/unreadableFile(path:reason:)`` naming `path` (the file the copy is
  ///   for) when the folder cannot be created.
  init(for path: String) throws(ImportError) {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("liquidus-\(UUID().uuidString)")
    key = TemporaryCopies.register(url)
    do {
      try FileManager.default.createDirectory(
        at: url, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    } catch {
      TemporaryCopies.forget(key)
      throw .unreadableFile(
        path: path,
        reason: "cannot make a private temporary folder in \(url.deletingLastPathComponent().path)")
    }
  }

  deinit { remove() }

  /// A new empty file in the folder, readable by its owner only (0600).
  func newFile(named name: String, for path: String) throws(ImportError) -> URL {
    let file = url.appendingPathComponent(name)
    guard
      FileManager.default.createFile(
        atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
    else {
      throw .unreadableFile(path: path, reason: "cannot write a temporary copy in \(url.path)")
    }
    return file
  }

  /// Deletes the folder and everything in it.
  func remove() {
    try? FileManager.default.removeItem(at: url)
    TemporaryCopies.forget(key)
  }
}
