import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Which file a path names: its device and inode. An open SQLite connection keeps writing to
/// the file it opened even after another program moves, replaces or deletes it, so a long
/// write compares these before and after to know whether its work is still at the path.
struct FileIdentity: Equatable, Sendable {
  let device: UInt64
  let inode: UInt64

  /// The file at `path` now; nil when there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}

extension DrinkStore {
  /// Refuses to call a long write done when the database's path no longer names the file this
  /// store wrote to.
  ///
  /// - Throws: ``StoreError/replacedDuringWrite(path:)`` when the file was moved, replaced or
  ///   deleted since the store opened it.
  public func checkStillAtItsPath() throws {
    guard let path, let fileIdentity else { return }
    guard FileIdentity(path: path) == fileIdentity else {
      throw StoreError.replacedDuringWrite(path: path)
    }
  }
}
