import LiquidusModel

/// Times of day on the page as the person's clock shows them (`7:30 PM` or `19:30`, as
/// `liquidus config --clock` or the locale says), and read back in either form: the use cases
/// read `HH:MM`, so a typed `7:30 pm` becomes `19:30` before it reaches them.
enum PageClock {
  /// `8:00 AM` or `08:00`.
  static func text(_ time: WallClockTime, _ clock: ClockStyle) -> String {
    let minute = time.minutes % 60 < 10 ? "0\(time.minutes % 60)" : "\(time.minutes % 60)"
    switch clock {
    case .twentyFourHour: return (time.hour < 10 ? "0\(time.hour)" : "\(time.hour)") + ":" + minute
    case .twelveHour:
      return "\((time.hour + 11) % 12 + 1):\(minute) \(time.hour < 12 ? "AM" : "PM")"
    }
  }

  /// `7:30 PM`, `7:30pm`, `12:05 am` as `19:30`, `00:05`; anything else as typed, for the use
  /// case to read or refuse in its own words.
  static func twentyFourHour(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard
      let match = trimmed.lowercased().wholeMatch(of: #/(\d{1,2}):(\d{2})\s*([ap])\.?m\.?/#),
      let hour = Int(match.1), (1...12).contains(hour)
    else { return trimmed }
    let shown = hour % 12 + (match.3 == "p" ? 12 : 0)
    return (shown < 10 ? "0\(shown)" : "\(shown)") + ":" + match.2
  }
}
