import Foundation

/// How `liquidus remind` reminds: the interval, the waking window and the mode.
public struct ReminderSettings: Sendable, Hashable {
  /// How the next reminder is counted.
  public enum Mode: String, Sendable, CaseIterable {
    /// From the last drink: MAX after it, already MIN after it when behind pace.
    case afterDrink = "after-drink"
    /// On a clock schedule every MAX from the window's start, skipping a slot when a drink was
    /// logged since the previous one.
    case fixed
  }

  /// The shortest wait after a drink (when behind pace).
  public var minimumInterval: Duration
  /// The longest wait after a drink (when on pace or ahead).
  public var maximumInterval: Duration
  /// The waking window; outside it Liquidus never reminds. `until` before `from` crosses
  /// midnight (a night shift).
  public var from: WallClockTime
  public var until: WallClockTime
  public var mode: Mode
  public var isEnabled: Bool

  public init(
    minimumInterval: Duration, maximumInterval: Duration, from: WallClockTime,
    until: WallClockTime, mode: Mode, isEnabled: Bool
  ) {
    self.minimumInterval = minimumInterval
    self.maximumInterval = maximumInterval
    self.from = from
    self.until = until
    self.mode = mode
    self.isEnabled = isEnabled
  }

  /// Every 60 to 120 minutes from 08:00 to 22:00, counted from the last drink, on.
  public static let defaults = ReminderSettings(
    minimumInterval: .seconds(60 * 60), maximumInterval: .seconds(120 * 60),
    from: WallClockTime(minutes: 8 * 60)!, until: WallClockTime(minutes: 22 * 60)!,
    mode: .afterDrink, isEnabled: true)

  /// The window crosses midnight.
  public var crossesMidnight: Bool { until <= from }

  /// `--every` as written: `90m` or `60m-120m`.
  public var everyText: String {
    minimumInterval == maximumInterval
      ? ReminderInterval.text(maximumInterval)
      : ReminderInterval.text(minimumInterval) + "-" + ReminderInterval.text(maximumInterval)
  }
}

/// Intervals as people write them for `--every` and `snooze`: `90m`, `2h`, `1h30m`, `45s`.
public enum ReminderInterval {
  /// The longest interval: a reminder once a day is no reminder.
  public static let longest = Duration.seconds(12 * 3600)

  /// Reads one interval; nil when it is not one (a bare number, a unit missing, zero is fine
  /// here and refused by the caller).
  public static func parse(_ text: String) -> Duration? {
    var rest = Substring(text.trimmingCharacters(in: .whitespaces).lowercased())
    guard !rest.isEmpty else { return nil }
    var seconds = 0
    while !rest.isEmpty {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, digits.count <= 6, let value = Int(digits) else { return nil }
      rest = rest.dropFirst(digits.count)
      let unit = rest.prefix { $0.isLetter }
      rest = rest.dropFirst(unit.count)
      switch unit {
      case "h", "hr", "hour", "hours": seconds += value * 3600
      case "m", "min", "mins", "minute", "minutes": seconds += value * 60
      case "s", "sec", "second", "seconds": seconds += value
      default: return nil
      }
    }
    return .seconds(seconds)
  }

  /// `90m`, `120m`, `3h`, `45s`: minutes up to two hours, as people think of a wait.
  public static func text(_ duration: Duration) -> String {
    let seconds = Int(duration.components.seconds)
    if seconds % 60 != 0 { return "\(seconds)s" }
    let minutes = seconds / 60
    if minutes > 120 && minutes % 60 == 0 { return "\(minutes / 60)h" }
    return "\(minutes)m"
  }

  /// Reads `--every`: `MIN-MAX` or one value for both.
  /// - Throws: ``ReminderError`` naming what is wrong.
  public static func parseRange(_ text: String) throws(ReminderError) -> (Duration, Duration) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    guard (1...2).contains(parts.count) else { throw .unreadableInterval(text) }
    var values: [Duration] = []
    for part in parts {
      guard let value = parse(part) else { throw .unreadableInterval(text) }
      guard value >= .seconds(60) else { throw .intervalTooShort(text) }
      guard value <= longest else { throw .intervalTooLong(text) }
      values.append(value)
    }
    let low = values[0]
    let high = values.last ?? low
    guard low <= high else { throw .intervalReversed(text) }
    return (low, high)
  }
}

extension Duration {
  /// In seconds, as `Date` arithmetic wants it.
  public var timeInterval: TimeInterval {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
