import LiquidusModel
import LiquidusStore

/// Keeps a browser's push subscription, so that reminders reach that phone: what the page's
/// "Remind me on this phone" sends (`POST /api/push-subscriptions`).
public struct SubscribeToPush: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    /// The push service's address for this browser (`PushSubscription.endpoint`).
    public var endpoint: String
    /// The browser's public key, base64url (`keys.p256dh`).
    public var p256dh: String
    /// The browser's secret, base64url (`keys.auth`).
    public var auth: String
    /// A short name of the browser ("Chrome on Android").
    public var device: String
    /// Whose it is: the token, and the page session when it came from the page.
    public var owner: PushOwner
    /// The push services the server sends to (the browsers', and any its owner added).
    public var services: PushServices

    public init(
      endpoint: String, p256dh: String, auth: String, device: String, owner: PushOwner,
      services: PushServices = .standard
    ) {
      self.endpoint = endpoint
      self.p256dh = p256dh
      self.auth = auth
      self.device = device
      self.owner = owner
      self.services = services
    }
  }

  /// - Returns: the subscription as kept.
  /// - Throws: ``PushSubscriptionError`` for an endpoint, key or label the rules refuse, or a
  ///   token at its limit; nothing is stored then.
  public func run(_ request: Request, in context: CallContext) throws -> PushSubscription {
    let draft = try PushSubscriptionDraft(
      endpoint: request.endpoint, p256dh: request.p256dh, auth: request.auth,
      device: request.device, services: request.services)
    return try context.store.keepPushSubscription(
      draft, for: request.owner, now: context.calendar.now)
  }
}
