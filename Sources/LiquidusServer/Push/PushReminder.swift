import Foundation
import LiquidusPush

/// What a phone's service worker receives for one reminder, as JSON (docs/FORMATS.md, "Push
/// reminder"): the notification's words and what its "Log" action would log.
public struct PushReminder: Codable, Sendable, Equatable {
  /// The actions a reminder's notification offers, as the service worker names them.
  public static let standardActions = ["log", "snooze"]

  /// The notification's title, e.g. "Time for a drink".
  public var title: String
  /// Its text, e.g. "350 mL to go by 18:00".
  public var body: String
  /// The drink type the "Log" action logs.
  public var drink: String
  /// The amount it logs, what `liquidus log <drink>` would: millilitres, to 0.01 mL.
  public var amountMl: Double
  /// The "Log" action's button, e.g. "Log 250 mL".
  public var logTitle: String
  /// The actions offered, of ``standardActions``.
  public var actions: [String]
  /// The single-use credential the service worker sends with the action (valid for that one log
  /// or snooze, for a short time), since it may act while the page is closed; none when the
  /// notification offers no action.
  public var actionCredential: String?

  public init(
    title: String, body: String, drink: String, amountMl: Double, logTitle: String,
    actions: [String] = PushReminder.standardActions, actionCredential: String? = nil
  ) {
    self.title = title
    self.body = body
    self.drink = drink
    self.amountMl = (amountMl * 100).rounded() / 100
    self.logTitle = logTitle
    self.actions = actions
    self.actionCredential = actionCredential
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
