import Foundation
import GRDBSQLite

extension HealthConnectFile {
  /// Folds the commits of the `-wal` file beside `path` into `path` itself and leaves it in
  /// the rollback journal mode, so that it can then be opened `immutable` like any export.
  ///
  /// A database copied off a phone while Health Connect had it open keeps its latest commits
  /// in that `-wal` file, which an `immutable` open ignores. This writes, so it is only ever
  /// called on a private copy of both files, never on the files the person gave.
  ///
  /// - Throws: ``OpenError`` when SQLite cannot open the copy or fold its WAL.
  package static func foldWAL(intoCopyAt path: String) throws(OpenError) {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
    defer { if let handle { sqlite3_close_v2(handle) } }
    guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
      throw OpenError(reason: "SQLite cannot open it with its -wal file")
    }
    // Leaving WAL mode checkpoints every commit into the file and deletes the -wal.
    var statement: OpaquePointer?
    guard
      sqlite3_prepare_v2(handle, "PRAGMA journal_mode = DELETE", -1, &statement, nil)
        == SQLITE_OK
    else {
      throw OpenError(reason: "SQLite cannot read its -wal file")
    }
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW,
      let mode = sqlite3_column_text(statement, 0).map({ String(cString: $0) }), mode == "delete"
    else {
      let message = sqlite3_errmsg(handle).map { String(cString: $0) } ?? "unknown error"
      throw OpenError(reason: "its -wal file cannot be read (\(message))")
    }
  }
}
