/// The one text the store keeps instants in, `YYYY-MM-DD HH:MM:SS.SSS` in UTC, read strictly.
///
/// Sums select a day's entries by comparing this text, and the day cache is dropped by the
/// instant it parses to: a text that sorts inside a day but does not parse (`12:xx`) would be
/// counted by one and missed by the other, so nothing that does not read back to itself is
/// stored (a merge refuses it).
public enum StoredTime {
  /// Milliseconds since 1970 of `text`, when it is exactly the stored form of a real instant
  /// (years 0000 to 9999); nil otherwise.
  public static func milliseconds(_ text: String) -> Int64? {
    let bytes = Array(text.utf8)
    guard bytes.count == 23 else { return nil }
    for (index, separator) in [(4, "-"), (7, "-"), (10, " "), (13, ":"), (16, ":"), (19, ".")]
    where bytes[index] != UInt8(ascii: Unicode.Scalar(separator)!) {
      return nil
    }
    func number(_ start: Int, _ count: Int) -> Int64? {
      var value: Int64 = 0
      for byte in bytes[start..<start + count] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      let millis = number(20, 3), (1...12).contains(month), day >= 1,
      hour < 24, minute < 60, second < 60
    else { return nil }
    let days = daysSince1970(year: year, month: month, day: day)
    // A day past the month's end (02-30) comes back as another date.
    let civil = CivilTime.civil(days: days)
    guard civil.year == year, civil.month == month, civil.day == day else { return nil }
    return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis
  }

  /// The stored text of `milliseconds` since 1970.
  public static func text(_ milliseconds: Int64) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(23)
    CivilTime.append(
      milliseconds, separator: UInt8(ascii: " "), alwaysMilliseconds: true, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`,
  /// the inverse of ``CivilTime/civil(days:)``).
  static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
