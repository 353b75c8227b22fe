/// Told when a push service answers 404 or 410 for a subscription: the browser unsubscribed or
/// the subscription expired, and every later message to it would be refused the same way. What
/// keeps the subscriptions implements it, by removing that one.
public protocol PushSubscriptionGone: Sendable {
  /// The subscription ``PushTarget/id`` is gone for good; called once per answer that says so.
  func subscriptionGone(_ id: Int64) async
}
