import Foundation
import LiquidusAnalysis
import LiquidusModel

extension DueState {
  /// The shape `due --format json` prints: times in ISO 8601 with the local offset, amounts in
  /// millilitres to 0.01 mL. Absent times are `null`, never left out, so scripts can rely on
  /// every key.
  public struct JSON: Encodable, Sendable, Equatable {
    public var now: String
    public var lastDrinkAt: String?
    public var nextDueAt: String?
    public var overdueMinutes: Int
    public var due: Bool
    public var intake: Double
    public var expected: Double
    public var behind: Double
    public var goal: Double
    /// `goal` or `limit`.
    public var goalKind: String
    public var goalMet: Bool
    public var quiet: Bool
    public var windowStart: String
    public var windowEnd: String
    public var snoozedUntil: String?
    public var enabled: Bool
    public var mode: String
    public var every: String

    enum CodingKeys: String, CodingKey {
      case now, lastDrinkAt, nextDueAt, overdueMinutes, due, intake, expected, behind, goal
      case goalKind, goalMet, quiet, windowStart, windowEnd, snoozedUntil, enabled, mode, every
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(now, forKey: .now)
      try container.encode(lastDrinkAt, forKey: .lastDrinkAt)
      try container.encode(nextDueAt, forKey: .nextDueAt)
      try container.encode(overdueMinutes, forKey: .overdueMinutes)
      try container.encode(due, forKey: .due)
      try container.encode(intake, forKey: .intake)
      try container.encode(expected, forKey: .expected)
      try container.encode(behind, forKey: .behind)
      try container.encode(goal, forKey: .goal)
      try container.encode(goalKind, forKey: .goalKind)
      try container.encode(goalMet, forKey: .goalMet)
      try container.encode(quiet, forKey: .quiet)
      try container.encode(windowStart, forKey: .windowStart)
      try container.encode(windowEnd, forKey: .windowEnd)
      try container.encode(snoozedUntil, forKey: .snoozedUntil)
      try container.encode(enabled, forKey: .enabled)
      try container.encode(mode, forKey: .mode)
      try container.encode(every, forKey: .every)
    }
  }

  /// This state in the JSON shape, times in `timeZone`.
  public func json(timeZone: TimeZone) -> JSON {
    func iso(_ date: Date) -> String { ClockText.iso8601(date, timeZone: timeZone) }
    func milliliters(_ volume: Volume) -> Double { (volume.milliliters * 100).rounded() / 100 }
    return JSON(
      now: iso(now), lastDrinkAt: lastDrink.map { iso($0.instant) }, nextDueAt: nextDueAt.map(iso),
      overdueMinutes: overdueMinutes, due: isDue, intake: milliliters(intake),
      expected: milliliters(expected), behind: milliliters(behind), goal: milliliters(goal),
      goalKind: goalKind.rawValue, goalMet: goalMet, quiet: quiet, windowStart: iso(window.start),
      windowEnd: iso(window.end),
      snoozedUntil: snoozedUntil.map(iso), enabled: settings.isEnabled,
      mode: settings.mode.rawValue, every: settings.everyText)
  }
}
