/// A calendar date as exports write it, `2026-11-20`: four digits, two, two, nothing else.
/// Splitting on `-` read `-2026-11-18` as 2026-11-18.
enum CalendarDateText {
  /// Year, month and day of `text`; nil unless it is exactly `YYYY-MM-DD` in ASCII digits.
  /// The month and day are checked by the calendar that uses them.
  static func parts(_ text: String) -> (year: Int, month: Int, day: Int)? {
    let fields = text.split(separator: "-", omittingEmptySubsequences: false)
    guard fields.count == 3, fields.map(\.utf8.count) == [4, 2, 2],
      fields.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
      let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2])
    else { return nil }
    return (year, month, day)
  }
}
