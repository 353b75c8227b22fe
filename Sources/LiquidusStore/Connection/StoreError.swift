import Foundation
import LiquidusModel

/// Why the store refused a request or could not open.
public enum StoreError: LiquidusError, Equatable {
  /// No drink type has this name (suggestion: the nearest existing name).
  case unknownDrinkType(String, suggestion: String?)
  /// The type exists but is archived or disabled, so new entries cannot use it.
  case drinkTypeNotSelectable(String, archived: Bool)
  /// Another type already has this name (names are compared regardless of case).
  case duplicateDrinkTypeName(String)
  /// A drink type name that is empty or too long.
  case invalidDrinkTypeName(String)
  /// No entry has this id.
  case unknownEntry(Int64)
  /// A stored entry holds a value that cannot be read (edited by hand, or a damaged sync).
  case damagedEntry(id: Int64, column: String, value: String)
  /// A caffeine record (one that is not a drink) holds a value that cannot be read.
  case damagedCaffeineRecord(id: Int64, column: String, value: String)
  /// There is nothing to undo.
  case nothingToUndo
  /// The folder or file could not be created.
  case cannotCreate(path: String, reason: String)
  /// The file exists but SQLite cannot use it as a Liquidus database.
  case unusable(path: String, reason: String)
  /// The file is a SQLite database of some other program.
  case notLiquidus(path: String, tables: [String])
  /// The file was written by a newer Liquidus whose schema this one does not know.
  case newerSchema(path: String, unknownMigrations: [String])
  /// The file or its folder cannot be written.
  case readOnly(path: String)
  /// The disk (or quota) is full.
  case diskFull(path: String)
  /// Another program moved, replaced or deleted the file while a long write (an import) went
  /// into it, so what was written is not at the path.
  case replacedDuringWrite(path: String)
  /// SQLite found the file damaged.
  case corrupt(path: String, reason: String)
  /// Another process kept the database locked for longer than the busy timeout.
  case busy(path: String)
  /// A file is already where a new one was to be written.
  case destinationExists(path: String)
  /// A backup copy failed its checks and was not restored.
  case backupRejected(path: String, reason: String)
  /// There is no file where a backup to restore was named.
  case backupMissing(path: String)
  /// A backup being written failed its check afterwards and was removed.
  case backupFailed(path: String, reason: String)
  /// The file named for a merge cannot be merged.
  case mergeSourceRejected(path: String, reason: String)
  /// No file is at the path named for a merge: a mistyped name, as for an import or a restore,
  /// rather than a file with bad data.
  case mergeSourceMissing(path: String)
  /// The file named for a merge is neither a Liquidus database nor a JSON export of one: a
  /// case of its own, so that an interface can say how it writes such an export.
  case mergeSourceUnrecognized(path: String)
  /// The file named for a merge is a Liquidus database from before entry ids (schema v4 or older).
  case mergeSourceOutdated(path: String)
  /// No entry has this id (`uid`), as the API names entries.
  case unknownEntryUID(String)
  /// A token of this name exists already.
  case tokenNameTaken(String)
  /// No token has this name.
  case unknownToken(String)
  /// A token name that is empty, too long, or holds other than letters, digits, `-_.`.
  case invalidTokenName(String)
  /// An idempotency key used before for a different request.
  case requestKeyReused(String)

  public var description: String {
    switch self {
    case .unknownDrinkType(let name, let suggestion):
      let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
      return "Unknown drink '\(name)'.\(hint)"
    case .drinkTypeNotSelectable(let name, let archived):
      return archived
        ? "'\(name)' was deleted and is archived; its history is kept."
        : "'\(name)' is disabled."
    case .duplicateDrinkTypeName(let name):
      return "A drink type named '\(name)' already exists (names ignore case)."
    case .invalidDrinkTypeName(let name):
      return "'\(name)' is not a usable drink name: use 1 to 40 characters, not only spaces, "
        + "and no line breaks or other control characters."
    case .unknownEntry(let id):
      return "No entry has id \(id)."
    case .nothingToUndo:
      return "Nothing to undo: no entry was typed in yet."
    case .damagedEntry(let id, let column, let value):
      return "Entry \(id) cannot be read: its \(column) holds \(value)."
    case .damagedCaffeineRecord(let id, let column, let value):
      return "Caffeine record \(id) cannot be read: its \(column) holds \(value)."
    case .cannotCreate(let path, let reason):
      return "Cannot create \(path): \(reason.withoutFinalPeriod)."
    case .unusable(let path, let reason):
      return
        "Cannot use \(path) as a Liquidus database: \(reason.withoutFinalPeriod). The file was not changed."
    case .notLiquidus(let path, let tables):
      return "\(path) is a SQLite database of another program (tables: "
        + "\(tables.prefix(5).joined(separator: ", "))), not a Liquidus one. It was not changed."
    case .newerSchema(let path, let unknown):
      return "\(path) was written by a newer Liquidus (schema \(unknown.joined(separator: ", "))). "
        + "It was not changed; update liquidus to use it."
    case .readOnly(let path):
      return "\(path) cannot be written (read-only file, folder or file system). Nothing was "
        + "changed; check its permissions, or copy it somewhere writable."
    case .diskFull(let path):
      return "The disk holding \(path) is full. Nothing was changed; free some space and try again."
    case .replacedDuringWrite(let path):
      return "\(path) was moved, replaced or deleted while the import wrote to it, so its "
        + "entries are not there. Nothing was added to the database now at that path; find the "
        + "database you meant and import again."
    case .corrupt(let path, let reason):
      return "\(path) is damaged (\(reason)). It was not changed."
    case .busy(let path):
      return "\(path) stayed locked by another process for too long. Nothing was changed; "
        + "try again when the other liquidus command has finished."
    case .destinationExists(let path):
      return "\(path) already exists; choose another name (nothing was overwritten)."
    case .backupRejected(let path, let reason):
      return
        "\(path) was not restored: \(reason.withoutFinalPeriod). Your database was not changed."
    case .backupMissing(let path):
      return "\(path) does not exist, so nothing was restored. Your database was not changed."
    case .backupFailed(let path, let reason):
      return "The backup to \(path) failed its check (\(reason)) and was removed. Your database "
        + "was not changed."
    case .mergeSourceMissing(let path):
      return "\(path) cannot be merged: there is no file there. Nothing was changed."
    case .mergeSourceRejected(let path, let reason):
      return "\(path) cannot be merged: \(reason.withoutFinalPeriod). Nothing was changed."
    case .mergeSourceUnrecognized(let path):
      return "\(path) cannot be merged: it is neither a Liquidus database nor a JSON export of "
        + "one. Nothing was changed."
    case .mergeSourceOutdated(let path):
      return "\(path) is a database of an older Liquidus, from before entries had ids, so it "
        + "cannot be merged yet. Nothing was changed."
    case .unknownEntryUID(let uid):
      return "No entry has the id \(uid)."
    case .tokenNameTaken(let name):
      return "A token named '\(name)' exists already."
    case .unknownToken(let name):
      return "No token is named '\(name)'."
    case .invalidTokenName(let name):
      return "'\(name)' cannot name a token: use 1 to 64 letters, digits, '-', '_' or '.'."
    case .requestKeyReused(let key):
      return "The idempotency key '\(key)' was used before for a different drink; use a new key "
        + "for each new drink."
    }
  }
}
