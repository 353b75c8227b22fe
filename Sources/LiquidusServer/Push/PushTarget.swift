import Foundation
import LiquidusModel
import LiquidusPush

/// One subscription to send to: whatever keeps subscriptions hands the sender these, and hears
/// back by ``id`` when the push service says one is gone (``PushSubscriptionGone``).
public struct PushTarget: Sendable, Equatable {
  /// The subscription's identity where it is kept.
  public var id: PushSubscription.ID
  /// The browser vendor's push service address for this phone.
  public var endpoint: URL
  /// The phone's `p256dh` and `auth`, which the message is encrypted for.
  public var keys: PushSubscriptionKeys

  public init(id: PushSubscription.ID, endpoint: URL, keys: PushSubscriptionKeys) {
    self.id = id
    self.endpoint = endpoint
    self.keys = keys
  }
}
