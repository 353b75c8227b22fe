import Foundation
import LiquidusModel
import LiquidusStore

/// The other side of a merge, told apart by content: a SQLite file is a Liquidus database, a
/// CSV export with entry ids is read as one (``ExportedCSVReader``), anything else must be a
/// JSON export.
public enum MergeSource {
  /// Reads the entries (and, from a database, the deletions) of the file at `path`.
  public static func snapshot(of path: String) throws -> MergeSnapshot {
    let header = FileHandle(forReadingAtPath: path).flatMap { handle in
      defer { try? handle.close() }
      return try? handle.read(upToCount: 16)
    }
    // A missing or unreadable file too: the store says what is wrong with it.
    if header == nil || header == Data("SQLite format 3\0".utf8) {
      return try DrinkStore.mergeSnapshot(ofDatabaseAt: path)
    }
    if ExportedCSVReader.hasEntryIDs(atPath: path) {
      return try ExportedCSVReader.snapshot(of: path)
    }
    return try ExportedJSONReader.snapshot(of: path)
  }
}
