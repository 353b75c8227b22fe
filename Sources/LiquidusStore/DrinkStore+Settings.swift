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
      change(&settings)
      let values: [(String, String)] = [
        ("daily_goal_ml", String(settings.dailyGoal.milliliters)),
        ("display_unit", settings.displayUnit.rawValue),
        ("first_weekday", String(settings.firstWeekday)),
        ("caffeine_half_life_hours", String(settings.caffeineHalfLifeHours)),
        ("caffeine_limit_mg", String(settings.caffeineLimitMg)),
        ("caffeine_sleep_level_mg", String(settings.caffeineSleepLevelMg)),
      ]
      for (key, value) in values {
        try db.execute(
          sql: "INSERT INTO setting (key, value) VALUES (?, ?) "
            + "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
          arguments: [key, value])
      }
      return settings
    }
  }

  static func settings(_ db: Database) throws -> Settings {
    var stored: [String: String] = [:]
    for row in try Row.fetchAll(db, sql: "SELECT key, value FROM setting") {
      stored[row["key"]] = row["value"]
    }
    var settings = Settings.defaults
    if let goal = stored["daily_goal_ml"].flatMap(Double.init), goal > 0 {
      settings.dailyGoal = Volume(milliliters: goal)
    }
    if let unit = stored["display_unit"].flatMap(VolumeUnit.init(rawValue:)) {
      settings.displayUnit = unit
    }
    if let weekday = stored["first_weekday"].flatMap(Int.init), (1...7).contains(weekday) {
      settings.firstWeekday = weekday
    }
    if let hours = stored["caffeine_half_life_hours"].flatMap(Double.init), hours > 0 {
      settings.caffeineHalfLifeHours = hours
    }
    if let limit = stored["caffeine_limit_mg"].flatMap(Double.init), limit > 0 {
      settings.caffeineLimitMg = limit
    }
    if let level = stored["caffeine_sleep_level_mg"].flatMap(Double.init), level > 0 {
      settings.caffeineSleepLevelMg = level
    }
    return settings
  }
}
