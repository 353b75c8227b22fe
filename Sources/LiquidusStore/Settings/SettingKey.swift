import GRDB

/// The keys of the `setting` table, each spelt once.
///
/// The code that reads a setting and the code that writes it both name it here, so the two
/// cannot drift apart: a key misspelt on one side would be a setting that is saved and never
/// read back, which no compiler would notice in a string.
enum SettingKey: String, CaseIterable, Sendable {
  case dailyGoal = "daily_goal_ml"
  case displayUnit = "display_unit"
  case firstWeekday = "first_weekday"
  case caffeineHalfLife = "caffeine_half_life_hours"
  case caffeineLimit = "caffeine_limit_mg"
  case caffeineSleepLevel = "caffeine_sleep_level_mg"
  /// `12h`, `24h`, or empty to follow the locale.
  case clock = "clock"

  case reminderMinimumInterval = "reminder_min_seconds"
  case reminderMaximumInterval = "reminder_max_seconds"
  case reminderFrom = "reminder_from"
  case reminderUntil = "reminder_until"
  case reminderMode = "reminder_mode"
  case reminderEnabled = "reminder_enabled"
  /// Reminder state rather than a setting, kept in the same table.
  case reminderSnoozedUntil = "reminder_snoozed_until"
  case reminderNotifiedDue = "reminder_notified_due"
  /// The due time last pushed to the phones, apart from the desktop's: each channel reminds
  /// once per due drink.
  case reminderPushedDue = "reminder_pushed_due"
  /// When a running server last looked for a reminder to push to subscribed phones: while it
  /// is recent, `remind tick` leaves the reminding to it.
  case reminderPushSeen = "reminder_push_seen"
}

extension DrinkStore {
  /// The stored values `sql` (a `SELECT key, value FROM setting ...`) returns, by key; a key
  /// this version does not know (written by a newer one) is left out.
  static func settingValues(_ sql: String, _ db: Database) throws -> [SettingKey: String] {
    var values: [SettingKey: String] = [:]
    // Cached: the settings are read by every call of a server, a handful of distinct queries.
    for row in try Row.fetchAll(db.cachedStatement(sql: sql)) {
      if let key = SettingKey(rawValue: row[0]) { values[key] = row[1] }
    }
    return values
  }

  /// Writes each value under its key, replacing what was there.
  static func storeSettings(_ values: [(SettingKey, String)], _ db: Database) throws {
    for (key, value) in values {
      try db.execute(
        sql: "INSERT INTO setting (key, value) VALUES (?, ?) "
          + "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        arguments: [key.rawValue, value])
    }
  }
}
