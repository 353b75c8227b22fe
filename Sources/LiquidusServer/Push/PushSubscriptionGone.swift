import LiquidusModel

/// Told of what the push services answered for a subscription. Above all when one answers 404
/// or 410: the browser unsubscribed or the subscription expired, and every later message to it
/// would be refused the same way. What keeps the subscriptions implements it, by removing that
/// one, and by noting when a reminder got through.
public protocol PushSubscriptionGone: Sendable {
  /// The subscription ``PushTarget/id`` is gone for good; called once per answer that says so.
  func subscriptionGone(_ id: PushSubscription.ID) async
  /// A reminder reached the push service of subscription `id`.
  func subscriptionReached(_ id: PushSubscription.ID) async
}

extension PushSubscriptionGone {
  public func subscriptionReached(_ id: PushSubscription.ID) async {}
}
