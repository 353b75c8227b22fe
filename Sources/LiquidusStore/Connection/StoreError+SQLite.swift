import Foundation
import GRDB

extension StoreError {
  /// Translates a SQLite failure on the database at `path` into what a person can act on.
  ///
  /// - Returns: nil when the failure is not about the file itself (a constraint, say), so the
  ///   caller can let the original error through.
  static func from(_ error: DatabaseError, path: String) -> StoreError? {
    let reason = error.message ?? "\(error.resultCode)"
    switch error.resultCode {
    case .SQLITE_READONLY: return .readOnly(path: path)
    case .SQLITE_FULL: return .diskFull(path: path)
    case .SQLITE_CORRUPT: return .corrupt(path: path, reason: reason)
    case .SQLITE_NOTADB: return .unusable(path: path, reason: "it is not a SQLite database")
    case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: path)
    case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
      return .unusable(path: path, reason: reason)
    case .SQLITE_IOERR:
      // A full disk often surfaces as a plain I/O error (the -shm file cannot grow, say), so
      // look at the disk before blaming the file.
      return DatabaseFile.isNearlyFull(path)
        ? .diskFull(path: path) : .unusable(path: path, reason: reason)
    default: return nil
    }
  }
}
