import Foundation

/// A date and time read from text: wall-clock seconds plus the UTC offset, if the text had one.
///
/// Parsed by hand from bytes because a `DateFormatter` per record would dominate the import
/// time of a million-record export.
struct Timestamp: Equatable {
  /// Seconds since 1970-01-01 00:00:00 of the wall-clock reading (as if it were UTC).
  var localSeconds: Int64
  /// Fractional seconds, 0 ..< 1.
  var fraction: Double
  /// Seconds east of UTC (`+0530` -> 19800), nil when the text carries no offset.
  var offsetSeconds: Int?

  /// The instant, using `offsetSeconds`, or `converter` when the text had no offset.
  func instant(using converter: LocalTimeConverter?) -> Date? {
    if let offsetSeconds {
      return Date(timeIntervalSince1970: Double(localSeconds - Int64(offsetSeconds)) + fraction)
    }
    guard let converter else { return nil }
    return converter.instant(localSeconds: localSeconds, fraction: fraction)
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
  static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let monthIndex = (month + 9) % 12
    let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Whether the parts name a day of the calendar, in years 1 to 9999: no file writes a later
  /// year, and one past about 290 billion would overflow the seconds since 1970.
  static func isValid(year: Int, month: Int, day: Int) -> Bool {
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1 else { return false }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return day <= lengths[month - 1]
  }

  /// Builds a timestamp from validated parts; nil when a part is out of range.
  static func make(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int,
    fraction: Double = 0, offsetSeconds: Int?
  ) -> Timestamp? {
    guard isValid(year: year, month: month, day: day), (0...23).contains(hour),
      (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    let days = Int64(Self.days(year: year, month: month, day: day))
    let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    return Timestamp(localSeconds: seconds, fraction: fraction, offsetSeconds: offsetSeconds)
  }
}
