import Foundation
import LiquidusPush

/// What a phone's service worker receives for one reminder, as JSON (docs/FORMATS.md, "Push
/// reminder"): the notification's words, its buttons, and what they send back.
public struct PushReminder: Codable, Sendable, Equatable {
  /// Where the service worker sends a button's tap (``ActionCredentials``).
  public static let actionPath = "/api/push-actions"
  /// The notification's tag: a new reminder replaces the one still shown.
  public static let notificationTag = "liquidus-reminder"

  /// The single-use credentials of the buttons, one each: the service worker sends the one of
  /// the button tapped, since it may act while the page is closed and has no session.
  public struct ActionCredentials: Codable, Sendable, Equatable {
    public var log: String
    public var snooze: String

    public init(log: String, snooze: String) {
      self.log = log
      self.snooze = snooze
    }
  }

  /// The notification's title, e.g. "Time for a drink".
  public var title: String
  /// Its text, e.g. "1,750 of 2,000 mL today (88%) · 300 mL behind pace".
  public var body: String
  /// The drink type the "Log" button logs.
  public var drink: String
  /// The amount it logs, what `liquidus log <drink>` would: millilitres, to 0.01 mL.
  public var amountMl: Double
  /// The "Log" button, e.g. "Log 250 mL".
  public var logTitle: String
  /// The "Snooze" button, e.g. "Snooze 30 min".
  public var snoozeTitle: String
  /// The buttons offered: `log` and `snooze`, or none.
  public var actions: [String]
  /// The buttons' credentials; nil when none is offered.
  public var actionCredentials: ActionCredentials?
  /// The path the buttons' taps are posted to, on the server that sent the reminder.
  public var actionURL: String
  /// ``notificationTag``.
  public var tag: String

  public init(
    title: String, body: String, drink: String, amountMl: Double, logTitle: String,
    snoozeTitle: String = "Snooze 30 min", actionCredentials: ActionCredentials? = nil
  ) {
    self.title = title
    self.body = body
    self.drink = drink
    self.amountMl = (amountMl * 100).rounded() / 100
    self.logTitle = logTitle
    self.snoozeTitle = snoozeTitle
    self.actions = actionCredentials == nil ? [] : ["log", "snooze"]
    self.actionCredentials = actionCredentials
    self.actionURL = Self.actionPath
    self.tag = Self.notificationTag
  }

  /// The JSON the phone receives, refused when it would not fit in one push message.
  public func encoded() throws(PushReminderTooLarge) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Every field is a string, a number or a list of strings: encoding cannot fail.
    let data = (try? encoder.encode(self)) ?? Data()
    guard data.count <= PushMessageEncryption.maximumPlaintextLength else {
      throw PushReminderTooLarge(bytes: data.count)
    }
    return data
  }
}

/// A reminder whose JSON is over the 3,993 bytes one push message carries.
public struct PushReminderTooLarge: Error, CustomStringConvertible, Equatable, Sendable {
  public let bytes: Int

  public var description: String {
    "The push reminder is \(bytes) bytes of JSON; one push message carries at most "
      + "\(PushMessageEncryption.maximumPlaintextLength). Shorten its title, text or drink name."
  }
}
