import Foundation

/// A time of day on the wall clock, `HH:MM`, for the edges of the waking window.
public struct WallClockTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Minutes since midnight, 0 ... 1439.
  public let minutes: Int

  public init?(minutes: Int) {
    guard (0..<1440).contains(minutes) else { return nil }
    self.minutes = minutes
  }

  /// Reads `08:00`, `8:00` or `22:30`; nil for anything else (`25:00`, `8`, `08:60`).
  public init?(parsing text: String) {
    let parts = text.trimmingCharacters(in: .whitespaces).split(
      separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
    else { return nil }
    self.init(minutes: hour * 60 + minute)
  }

  public var hour: Int { minutes / 60 }
  public var minute: Int { minutes % 60 }

  /// `08:00`.
  public var description: String {
    (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.minutes < rhs.minutes }

  /// This time on the local date that starts at `midnight`. A time the clocks skip (02:30 on
  /// a spring-forward night) is the first instant after the gap, so the window starts when
  /// the clock on the wall first shows a later time.
  public func instant(onDayStarting midnight: Date, calendar: Calendar) -> Date {
    let components = calendar.dateComponents([.year, .month, .day], from: midnight)
    var wanted = components
    wanted.hour = hour
    wanted.minute = minute
    if let date = calendar.date(from: wanted),
      calendar.component(.hour, from: date) == hour,
      calendar.component(.minute, from: date) == minute
    {
      return date
    }
    // In the gap: the wall clock jumps from before this time to after it.
    var probe = midnight
    while probe < midnight.addingTimeInterval(30 * 3600) {
      let parts = calendar.dateComponents([.hour, .minute], from: probe)
      if (parts.hour ?? 0) * 60 + (parts.minute ?? 0) > minutes,
        calendar.isDate(probe, inSameDayAs: midnight)
      {
        return probe
      }
      probe = probe.addingTimeInterval(60)
    }
    return midnight.addingTimeInterval(Double(minutes * 60))
  }
}
