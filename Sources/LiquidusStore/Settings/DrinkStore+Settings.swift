import Foundation
import GRDB
import LiquidusModel

extension DrinkStore {
  /// The stored settings, with defaults for anything never set.
  public func settings() throws -> Settings {
    try readOneStatement { db in try Self.settings(db) }
  }

  /// Changes settings in one transaction and returns the result.
  @discardableResult
  public func updateSettings(_ change: (inout Settings) -> Void) throws -> Settings {
    try write { db in
      var settings = try Self.settings(db)
      let goals = settings.goals
      change(&settings)
      if settings.goals != goals { try Self.replaceGoals(with: settings.goals, db) }
      try Self.storeSettings(
        [
          (.dailyGoal, String(settings.dailyGoal.milliliters)),
          (.displayUnit, settings.displayUnit.rawValue),
          (.firstWeekday, String(settings.firstWeekday)),
          (.caffeineHalfLife, String(settings.caffeineHalfLifeHours)),
          (.caffeineLimit, String(settings.caffeineLimitMg)),
          (.caffeineSleepLevel, String(settings.caffeineSleepLevelMg)),
          (.clock, settings.clock?.rawValue ?? ""),
        ], db)
      return settings
    }
  }

  static func settings(_ db: Database) throws -> Settings {
    let stored = try settingValues("SELECT key, value FROM setting", db)
    var settings = Settings.defaults
    if let goal = stored[.dailyGoal].flatMap(Double.init), goal > 0 {
      settings.dailyGoal = Volume(milliliters: goal)
    }
    settings.goals = GoalHistory(
      changes: try goalChanges(db), fallback: settings.goals.latest)
    if let unit = stored[.displayUnit].flatMap(VolumeUnit.init(rawValue:)) {
      settings.displayUnit = unit
    }
    if let weekday = stored[.firstWeekday].flatMap(Int.init), (1...7).contains(weekday) {
      settings.firstWeekday = weekday
    }
    if let hours = stored[.caffeineHalfLife].flatMap(Double.init), hours > 0 {
      settings.caffeineHalfLifeHours = hours
    }
    if let limit = stored[.caffeineLimit].flatMap(Double.init), limit > 0 {
      settings.caffeineLimitMg = limit
    }
    if let level = stored[.caffeineSleepLevel].flatMap(Double.init), level > 0 {
      settings.caffeineSleepLevelMg = level
    }
    settings.clock = stored[.clock].flatMap(ClockStyle.init(rawValue:))
    return settings
  }
}
