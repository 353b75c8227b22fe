import Foundation
import GRDB
import LiquidusModel

/// Reads the rows a merge takes from a database without trusting their kinds: SQLite stores any
/// value in any column, and GRDB's typed subscripts trap on a value they cannot convert (a blob
/// id, a text volume). Each value is taken as it is stored; one that is not what the column
/// should hold becomes a visible stand-in (`X'00ff'`, NaN) that ``MergeSnapshot/check(now:)``
/// then refuses with its place, so a hand-edited file is refused, never a crash.
enum MergeSourceRows {
  /// The most rows a merge reads of one table of the other database: ten times the largest
  /// history measured, and a bound on its memory, whatever the file claims.
  static let mostRows = 10_000_000

  /// A stored value as text; for another kind of value, a stand-in no check accepts.
  static func text(_ value: DatabaseValue) -> String {
    switch value.storage {
    case .string(let text): text
    case .null: ""
    case .int64(let number): String(number)
    case .double(let number): String(number)
    case .blob(let data): "X'" + data.prefix(16).map { String(format: "%02x", $0) }.joined() + "'"
    }
  }

  /// A stored instant as text in the form ``LiquidusModel/StoredTime`` reads: whole
  /// milliseconds (`at_ms`, schema v12 on) formatted, text (`at_utc`, before) as it is.
  static func instantText(_ value: DatabaseValue) -> String {
    guard case .int64(let milliseconds) = value.storage else { return text(value) }
    return Date(millisecondsSince1970: milliseconds).utcText.text
  }

  /// A stored entry id as text: 16 bytes (schema v12 on) as their id, text (before) as it is.
  static func uidText(_ value: DatabaseValue) -> String {
    guard let uid = StoredUID.fromDatabaseValue(value) else { return text(value) }
    return uid.text
  }

  /// A stored value as optional text: nil for NULL.
  static func optionalText(_ value: DatabaseValue) -> String? {
    value.isNull ? nil : text(value)
  }

  /// A stored value as a number; NaN for anything that is not one.
  static func number(_ value: DatabaseValue) -> Double {
    switch value.storage {
    case .int64(let number): Double(number)
    case .double(let number): number
    default: .nan
    }
  }

  /// Each row of `sql`, read through a cursor; with `bounded`, at most ``mostRows`` of them.
  /// - Throws: ``StoreError/mergeSourceRejected(path:reason:)`` past the bound.
  static func forEach(
    _ db: Database, sql: String, table: String, bounded path: String?,
    _ body: (Row) throws -> Void
  ) throws {
    let limit = path == nil ? "" : " LIMIT \(mostRows + 1)"
    let rows = try Row.fetchCursor(db, sql: sql + limit)
    var count = 0
    while let row = try rows.next() {
      count += 1
      if let path, count > mostRows {
        throw StoreError.mergeSourceRejected(
          path: path,
          reason: "its \(table) holds more than \(mostRows) rows, more than a merge reads")
      }
      try body(row)
    }
  }
}
