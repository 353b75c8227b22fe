import Foundation

/// The person's preferences, stored in the database so every command agrees on them.
public struct Settings: Sendable, Hashable, Codable {
  /// Every daily goal with the day it began: each day is judged against its own.
  public var goals: GoalHistory
  /// The unit amounts are shown in, and bare numbers are read in.
  public var displayUnit: VolumeUnit
  /// The first day of a week: 1 for Sunday, 2 for Monday, as `Calendar` counts.
  public var firstWeekday: Int
  /// Caffeine's half-life in the body, in hours (5 by default; it varies from 2 to 10).
  public var caffeineHalfLifeHours: Double
  /// The most caffeine a day should hold, in mg: 400 for healthy adults (EFSA, FDA).
  public var caffeineLimitMg: Double
  /// Below this much caffeine in the body sleep is undisturbed, in mg: EFSA notes that about
  /// 100 mg near bedtime can disturb it.
  public var caffeineSleepLevelMg: Double
  /// 12- or 24-hour times; nil to follow the locale.
  public var clock: ClockStyle? = nil

  /// Creates settings.
  public init(
    dailyGoal: Volume, displayUnit: VolumeUnit, firstWeekday: Int,
    caffeineHalfLifeHours: Double = 5, caffeineLimitMg: Double = 400,
    caffeineSleepLevelMg: Double = 100
  ) {
    self.goals = GoalHistory(DailyTarget(amount: dailyGoal))
    self.displayUnit = displayUnit
    self.firstWeekday = firstWeekday
    self.caffeineHalfLifeHours = caffeineHalfLifeHours
    self.caffeineLimitMg = caffeineLimitMg
    self.caffeineSleepLevelMg = caffeineSleepLevelMg
  }

  /// The newest goal's amount: today's, as no change lies in the future. Setting it replaces
  /// the whole history with one goal (a new database's, or a test's).
  public var dailyGoal: Volume {
    get { goals.latest.amount }
    set { goals = GoalHistory(DailyTarget(amount: newValue)) }
  }

  /// What a new database starts with: 2,000 mL a day, millilitres, weeks from Sunday.
  public static let defaults = Settings(
    dailyGoal: Volume(milliliters: 2000), displayUnit: .milliliters, firstWeekday: 1)
}

/// A day of the week as a person names it, for `config --first-weekday`.
public enum Weekday: Int, Sendable, CaseIterable {
  case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

  /// Reads `monday`, `Mon`, `mo` in any case.
  public init?(parsing text: String) {
    let key = text.lowercased()
    guard key.count >= 2,
      let match = Self.allCases.first(where: { "\($0)".hasPrefix(key) })
    else { return nil }
    self = match
  }

  /// The capitalised English name.
  public var name: String { "\(self)".capitalized }
}
