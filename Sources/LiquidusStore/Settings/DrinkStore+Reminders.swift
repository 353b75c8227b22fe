import Foundation
import GRDB
import LiquidusModel

/// What the reminders remember between runs: a snooze, and the due time already reminded of
/// on each channel, so that one due drink makes one notification on the desktop (`remind
/// tick`) and one on the phones (`liquidus serve`'s pushes).
public struct ReminderState: Sendable, Equatable {
  public var snoozedUntil: Date?
  public var notifiedDueAt: Date?
  public var pushedDueAt: Date?
  /// When a running server last looked for a reminder to push (only while phones are
  /// subscribed).
  public var pushSeenAt: Date?

  public init(
    snoozedUntil: Date? = nil, notifiedDueAt: Date? = nil, pushedDueAt: Date? = nil,
    pushSeenAt: Date? = nil
  ) {
    self.snoozedUntil = snoozedUntil
    self.notifiedDueAt = notifiedDueAt
    self.pushedDueAt = pushedDueAt
    self.pushSeenAt = pushSeenAt
  }

  /// The due time last reminded of on `channel`.
  public func remindedDueAt(on channel: ReminderChannel) -> Date? {
    switch channel {
    case .desktop: notifiedDueAt
    case .phones: pushedDueAt
    }
  }
}

/// Where a reminder goes: each remembers its own last due time.
public enum ReminderChannel: Sendable, Hashable {
  /// `remind tick`'s desktop notification.
  case desktop
  /// The push messages `liquidus serve` sends to subscribed phones.
  case phones
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
        notifiedDueAt: instant(.reminderNotifiedDue), pushedDueAt: instant(.reminderPushedDue),
        pushSeenAt: instant(.reminderPushSeen))
    }
  }

  /// Sets or ends the snooze, leaving the last notified due time alone.
  public func setSnoozedUntil(_ instant: Date?) throws {
    try write { db in try Self.storeSettings([(.reminderSnoozedUntil, Self.text(instant))], db) }
  }

  /// Records the due time last reminded of on `channel`, leaving the other channel and the
  /// snooze alone: a tick waits minutes for the person, and a snooze set meanwhile must
  /// survive it.
  public func setRemindedDue(_ instant: Date?, on channel: ReminderChannel) throws {
    let key: SettingKey = channel == .desktop ? .reminderNotifiedDue : .reminderPushedDue
    try write { db in try Self.storeSettings([(key, Self.text(instant))], db) }
  }

  /// Notes that a running server looked for a reminder to push at `now`.
  public func notePushReminderSeen(at now: Date) throws {
    try write { db in try Self.storeSettings([(.reminderPushSeen, Self.text(now))], db) }
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
