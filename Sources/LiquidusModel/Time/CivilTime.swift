/// Writes instants as text straight into byte buffers, without `DateFormatter` or `Calendar`.
///
/// An import of a million records formats two timestamps per record (the stored `at_utc` and,
/// on export, the local ISO 8601 form); Foundation's formatters would cost more than the whole
/// parse. Integer arithmetic on milliseconds since 1970 is exact and gives the same text as
/// GRDB's `yyyy-MM-dd HH:mm:ss.SSS` storage format.
package enum CivilTime {
  /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
  /// `civil_from_days`, the inverse of ``Timestamp/days(year:month:day:)``).
  package static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Appends `yyyy-MM-dd<separator>HH:mm:ss` of the wall-clock reading `ms` (milliseconds
  /// since 1970 as if UTC), then `.SSS` when `alwaysMilliseconds` or the milliseconds are not 0.
  package static func append(
    _ ms: Int64, separator: UInt8, alwaysMilliseconds: Bool, to bytes: inout [UInt8]
  ) {
    let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
    let millis = ms - seconds * 1000
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = civil(days: days)
    digits(year, 4, &bytes)
    bytes.append(UInt8(ascii: "-"))
    digits(month, 2, &bytes)
    bytes.append(UInt8(ascii: "-"))
    digits(day, 2, &bytes)
    bytes.append(separator)
    digits(secondOfDay / 3600, 2, &bytes)
    bytes.append(UInt8(ascii: ":"))
    digits(secondOfDay / 60 % 60, 2, &bytes)
    bytes.append(UInt8(ascii: ":"))
    digits(secondOfDay % 60, 2, &bytes)
    if alwaysMilliseconds || millis != 0 {
      bytes.append(UInt8(ascii: "."))
      digits(millis, 3, &bytes)
    }
  }

  /// Appends `value` zero-padded to at least `width` digits (a year past 9999 keeps its digits).
  package static func digits(_ value: Int64, _ width: Int, _ bytes: inout [UInt8]) {
    var value = value
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      value = -value
    }
    // Room for every digit of Int64.max (19), on the stack.
    var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &scratch) { buffer in
      repeat {
        buffer[count] = UInt8(truncatingIfNeeded: value % 10) + 0x30
        value /= 10
        count += 1
      } while value > 0
      for _ in count..<max(width, count) { bytes.append(0x30) }
      while count > 0 {
        count -= 1
        bytes.append(buffer[count])
      }
    }
  }
}
