import Foundation
import GRDB
import LiquidusModel

/// What `remind tick` remembers between runs: a snooze, and the due time already notified so
/// that one due drink makes one notification.
public struct ReminderState: Sendable, Equatable {
  public var snoozedUntil: Date?
  public var notifiedDueAt: Date?

  public init(snoozedUntil: Date? = nil, notifiedDueAt: Date? = nil) {
    self.snoozedUntil = snoozedUntil
    self.notifiedDueAt = notifiedDueAt
  }
}

extension DrinkStore {
  /// The reminder settings, with defaults for anything never set.
  public func reminderSettings() throws -> ReminderSettings {
    try read { db in Self.reminderSettings(try Self.reminderValues(db)) }
  }

  /// Changes the reminder settings in one transaction and returns the result.
  @discardableResult
  public func updateReminderSettings(_ change: (inout ReminderSettings) -> Void) throws
    -> ReminderSettings
  {
    try write { db in
      var settings = Self.reminderSettings(try Self.reminderValues(db))
      change(&settings)
      try Self.store(
        [
          ("reminder_min_seconds", "\(settings.minimumInterval.components.seconds)"),
          ("reminder_max_seconds", "\(settings.maximumInterval.components.seconds)"),
          ("reminder_from", settings.from.description),
          ("reminder_until", settings.until.description),
          ("reminder_mode", settings.mode.rawValue),
          ("reminder_enabled", settings.isEnabled ? "1" : "0"),
        ], db)
      return settings
    }
  }

  /// The snooze and the last notified due time.
  public func reminderState() throws -> ReminderState {
    try read { db in
      let values = try Self.reminderValues(db)
      func instant(_ key: String) -> Date? {
        values[key].flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
      }
      return ReminderState(
        snoozedUntil: instant("reminder_snoozed_until"),
        notifiedDueAt: instant("reminder_notified_due"))
    }
  }

  /// Sets or ends the snooze, leaving the last notified due time alone.
  public func setSnoozedUntil(_ instant: Date?) throws {
    try write { db in try Self.store([("reminder_snoozed_until", Self.text(instant))], db) }
  }

  /// Records the due time last notified, leaving the snooze alone: a tick waits minutes for
  /// the person, and a snooze set meanwhile must survive it.
  public func setNotifiedDue(_ instant: Date?) throws {
    try write { db in try Self.store([("reminder_notified_due", Self.text(instant))], db) }
  }

  private static func text(_ date: Date?) -> String {
    date.map { "\($0.timeIntervalSince1970)" } ?? ""
  }

  private static func reminderValues(_ db: Database) throws -> [String: String] {
    var values: [String: String] = [:]
    let rows = try Row.fetchAll(
      db, sql: "SELECT key, value FROM setting WHERE key LIKE 'reminder\\_%' ESCAPE '\\'")
    for row in rows { values[row["key"]] = row["value"] }
    return values
  }

  private static func reminderSettings(_ values: [String: String]) -> ReminderSettings {
    var settings = ReminderSettings.defaults
    func interval(_ key: String) -> Duration? {
      values[key].flatMap(Int64.init).flatMap { $0 >= 60 ? Duration.seconds($0) : nil }
    }
    if let low = interval("reminder_min_seconds"), let high = interval("reminder_max_seconds"),
      low <= high
    {
      settings.minimumInterval = low
      settings.maximumInterval = high
    }
    if let from = values["reminder_from"].flatMap(WallClockTime.init(parsing:)),
      let until = values["reminder_until"].flatMap(WallClockTime.init(parsing:)), from != until
    {
      settings.from = from
      settings.until = until
    }
    if let mode = values["reminder_mode"].flatMap(ReminderSettings.Mode.init(rawValue:)) {
      settings.mode = mode
    }
    if let enabled = values["reminder_enabled"] { settings.isEnabled = enabled != "0" }
    return settings
  }

  private static func store(_ values: [(String, String)], _ db: Database) throws {
    for (key, value) in values {
      try db.execute(
        sql: "INSERT INTO setting (key, value) VALUES (?, ?) "
          + "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        arguments: [key, value])
    }
  }
}
