import Foundation

/// What a notification's button may do once: the single-use credential the push message
/// carries lets its service worker log the drink or snooze the reminders without the page's
/// session, for a short time. The store keeps only the credential's SHA-256 digest.
public enum PushAction: String, Sendable, Hashable, CaseIterable {
  /// "Log 250 mL": log the drink the reminder names.
  case log
  /// "Snooze": hold the reminders for a while.
  case snooze

  /// The digest the store keeps of a credential: 32 bytes of SHA-256.
  public static func digest(of credential: String) -> [UInt8] {
    SHA256.digest(Array(credential.utf8))
  }
}

/// A credential spent: what it allowed, and whose subscription it came with.
public struct PushActionGrant: Sendable, Hashable {
  public var action: PushAction
  public var subscriptionID: PushSubscription.ID
  /// The token the subscription belongs to, whose drink a "Log" is.
  public var tokenID: APIToken.ID

  public init(action: PushAction, subscriptionID: PushSubscription.ID, tokenID: APIToken.ID) {
    self.action = action
    self.subscriptionID = subscriptionID
    self.tokenID = tokenID
  }
}
