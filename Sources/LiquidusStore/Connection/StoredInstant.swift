import Foundation
import GRDB
import LiquidusModel

/// An instant bound into SQL as GRDB stores a `Date`: `yyyy-MM-dd HH:mm:ss.SSS` in UTC.
///
/// GRDB writes a bound `Date` through a `DateFormatter`, and building ICU's date formatter was
/// the largest single cost of `log` (half a millisecond of its seven). This writes the same
/// text by integer arithmetic: Foundation rounds to the nearest millisecond before formatting,
/// and so does ``LiquidusModel/Date/millisecondsSince1970``, so a value bound either way
/// compares equal in SQL. Bind `date.stored` wherever a short command binds an instant.
struct StoredInstant: DatabaseValueConvertible, Sendable {
  let date: Date

  var databaseValue: DatabaseValue {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(23)
    CivilTime.append(
      date.millisecondsSince1970, separator: UInt8(ascii: " "), alwaysMilliseconds: true,
      to: &bytes)
    return String(decoding: bytes, as: UTF8.self).databaseValue
  }

  static func fromDatabaseValue(_ value: DatabaseValue) -> StoredInstant? {
    Date.fromDatabaseValue(value).map(StoredInstant.init)
  }
}

extension Date {
  /// This instant, bound without a `DateFormatter`; see ``StoredInstant``.
  var stored: StoredInstant { StoredInstant(date: self) }
}
