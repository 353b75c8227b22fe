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
      try Self.storeSettings(
        [
          (.reminderMinimumInterval, "\(settings.minimumInterval.components.seconds)"),
          (.reminderMaximumInterval, "\(settings.maximumInterval.components.seconds)"),
          (.reminderFrom, settings.from.description),
          (.reminderUntil, settings.until.description),
          (.reminderMode, settings.mode.rawValue),
          (.reminderEnabled, settings.isEnabled ? "1" : "0"),
        ], db)
      return settings
    }
  }

  /// The snooze and the last notified due time.
  public func reminderState() throws -> ReminderState {
    try read { db in
      let values = try Self.reminderValues(db)
      func instant(_ key: SettingKey) -> Date? {
        values[key].flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
      }
      return ReminderState(
        snoozedUntil: instant(.reminderSnoozedUntil),
        notifiedDueAt: instant(.reminderNotifiedDue))
    }
  }

  /// Sets or ends the snooze, leaving the last notified due time alone.
  public func setSnoozedUntil(_ instant: Date?) throws {
    try write { db in try Self.storeSettings([(.reminderSnoozedUntil, Self.text(instant))], db) }
  }

  /// Records the due time last notified, leaving the snooze alone: a tick waits minutes for
  /// the person, and a snooze set meanwhile must survive it.
  public func setNotifiedDue(_ instant: Date?) throws {
    try write { db in try Self.storeSettings([(.reminderNotifiedDue, Self.text(instant))], db) }
  }

  private static func text(_ date: Date?) -> String {
    date.map { "\($0.timeIntervalSince1970)" } ?? ""
  }

  private static func reminderValues(_ db: Database) throws -> [SettingKey: String] {
    try settingValues(
      "SELECT key, value FROM setting WHERE key LIKE 'reminder\\_%' ESCAPE '\\'", db)
  }

  private static func reminderSettings(_ values: [SettingKey: String]) -> ReminderSettings {
    var settings = ReminderSettings.defaults
    func interval(_ key: SettingKey) -> Duration? {
      values[key].flatMap(Int64.init).flatMap { $0 >= 60 ? Duration.seconds($0) : nil }
    }
    if let low = interval(.reminderMinimumInterval), let high = interval(.reminderMaximumInterval),
      low <= high
    {
      settings.minimumInterval = low
      settings.maximumInterval = high
    }
    if let from = values[.reminderFrom].flatMap(WallClockTime.init(parsing:)),
      let until = values[.reminderUntil].flatMap(WallClockTime.init(parsing:)), from != until
    {
      settings.from = from
      settings.until = until
    }
    if let mode = values[.reminderMode].flatMap(ReminderSettings.Mode.init(rawValue:)) {
      settings.mode = mode
    }
    if let enabled = values[.reminderEnabled] { settings.isEnabled = enabled != "0" }
    return settings
  }
}
