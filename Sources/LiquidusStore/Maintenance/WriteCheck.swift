import Foundation
import GRDB
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Checks a database file once per process before the first write, so that a damaged file
/// (a flipped byte from a bad disk or a broken sync) is refused rather than written to, which
/// could spread the damage. Reads go on without it: what can still be read, should be.
///
/// The check is SQLite's `quick_check` (every page and index entry is readable and well formed;
/// it skips the slower index-to-table cross-check of `integrity_check`). Its cost grows with the
/// file, so for the commands people run many times a day it runs only while the file is small;
/// bulk writes (restore, purge, and an import of a quarter of the file's size or more) always
/// run it, since they read most of the file anyway.
final class WriteCheck: Sendable {
  /// Files up to this size (with their WAL) are checked before any write: a few milliseconds.
  static let alwaysBelowBytes: Int64 = 16 << 20

  private let done = Mutex(false)

  /// Runs the check unless it already passed, or unless the file is large and `thorough` is
  /// false.
  /// - Throws: ``StoreError/corrupt(path:reason:)`` when SQLite finds damage.
  func verify(_ writer: any DatabaseWriter, path: String, thorough: Bool) throws {
    if done.withLock({ $0 }) { return }
    if !thorough && Self.size(of: path) > Self.alwaysBelowBytes { return }
    let findings = try writer.read { db in
      try String.fetchAll(db, sql: "PRAGMA quick_check(5)")
    }
    guard findings == ["ok"] else {
      let details = findings.flatMap { $0.split(separator: "\n") }
        .filter { !$0.hasPrefix("***") }.prefix(2)
      throw StoreError.corrupt(
        path: path, reason: "SQLite's check found: \(details.joined(separator: "; "))")
    }
    done.withLock { $0 = true }
  }

  /// With `stat`, not FileManager: its attribute dictionary costs `log` a millisecond of
  /// dynamic casts.
  static func size(of path: String) -> Int64 {
    [path, path + "-wal"].reduce(0) { total, file in
      var info = stat()
      return total + (stat(file, &info) == 0 ? Int64(info.st_size) : 0)
    }
  }
}
