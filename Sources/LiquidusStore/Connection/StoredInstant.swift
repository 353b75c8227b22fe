import Foundation
import GRDB
import LiquidusModel

/// An instant as `drink`, `caffeine` and `drink_tombstone` store it (schema v12 on): whole
/// milliseconds since 1970 in UTC, an INTEGER.
///
/// Eight bytes at most instead of 23 characters of text, in the row and in every index that
/// holds it, and comparable, sortable and convertible to a day's seconds by plain integer
/// arithmetic (the cache triggers need no `strftime`). Rounded to the millisecond as
/// ``LiquidusModel/Date/millisecondsSince1970`` rounds. GRDB reads an INTEGER as a `Date` in
/// *seconds*, so these columns are always read through this type, never as `Date`; a value
/// that is not an integer (text typed into the file by hand) does not read.
struct StoredInstant: DatabaseValueConvertible, Sendable {
  let date: Date

  var databaseValue: DatabaseValue {
    date.millisecondsSince1970.databaseValue
  }

  static func fromDatabaseValue(_ value: DatabaseValue) -> StoredInstant? {
    guard case .int64(let milliseconds) = value.storage else { return nil }
    return StoredInstant(date: Date(millisecondsSince1970: milliseconds))
  }
}

extension Date {
  /// This instant as the entry tables store it; see ``StoredInstant``.
  var stored: StoredInstant { StoredInstant(date: self) }

  /// The instant `milliseconds` after 1970 began, UTC.
  init(millisecondsSince1970 milliseconds: Int64) {
    self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
  }
}

/// An entry id as `drink.uid`, `drink_tombstone.uid` and `api_request.drink_uid` store it
/// (schema v12 on): its 16 bytes, a BLOB, rather than 36 characters of text.
///
/// Text that is not an id as Liquidus writes them (possible only in a file edited by hand or
/// a merge source that checks refuse) is stored as it is, so it still reads back unchanged.
struct StoredUID: DatabaseValueConvertible, Sendable {
  let text: String

  var databaseValue: DatabaseValue {
    guard let bytes = EntryUID.bytes(ofText: text) else { return text.databaseValue }
    return Data(bytes).databaseValue
  }

  static func fromDatabaseValue(_ value: DatabaseValue) -> StoredUID? {
    switch value.storage {
    case .blob(let data) where data.count == 16:
      StoredUID(text: String(decoding: EntryUID.text(ofBytes: data), as: UTF8.self))
    case .string(let text): StoredUID(text: text)
    default: nil
    }
  }
}

extension String {
  /// This entry id as the entry tables store it; see ``StoredUID``.
  var storedUID: StoredUID { StoredUID(text: self) }
}

/// An instant as the tables other than the entry tables store it (tokens, sessions, workouts):
/// `yyyy-MM-dd HH:mm:ss.SSS` in UTC, the text GRDB binds for a `Date`, read back as a `Date`.
///
/// Written by integer arithmetic rather than through GRDB's `DateFormatter`, whose building
/// was the largest single cost of a short command. Foundation rounds to the nearest
/// millisecond before formatting, and so does ``LiquidusModel/Date/millisecondsSince1970``, so
/// a value bound either way compares equal in SQL.
struct UTCText: DatabaseValueConvertible, Sendable {
  let date: Date

  /// The text itself: also the form schema v11 stored entry instants in, which a merge still
  /// compares and old files still hold.
  var text: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(23)
    CivilTime.append(
      date.millisecondsSince1970, separator: UInt8(ascii: " "), alwaysMilliseconds: true,
      to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  var databaseValue: DatabaseValue { text.databaseValue }

  static func fromDatabaseValue(_ value: DatabaseValue) -> UTCText? {
    Date.fromDatabaseValue(value).map(UTCText.init)
  }
}

extension Date {
  /// This instant as text; see ``UTCText``.
  var utcText: UTCText { UTCText(date: self) }
}
