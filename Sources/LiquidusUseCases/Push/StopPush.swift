import LiquidusModel
import LiquidusStore

/// Stops the reminders pushed to one browser: `remind devices stop ID`, and the page's "Stop".
public struct StopPush: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    /// The subscription's id, as `remind devices` lists it.
    public var id: PushSubscription.ID
    /// The caller's token: only its own subscriptions may be stopped. Nil for the command
    /// line, on the machine whose database it is, which may stop any.
    public var tokenID: APIToken.ID?
    public init(id: PushSubscription.ID, tokenID: APIToken.ID? = nil) {
      self.id = id
      self.tokenID = tokenID
    }
  }

  /// - Returns: the subscription as it was.
  /// - Throws: ``PushSubscriptionError/notFound(id:)`` for none, or one of another token.
  public func run(_ request: Request, in context: CallContext) throws -> PushSubscription {
    try context.store.removePushSubscription(id: request.id, ofToken: request.tokenID)
  }
}
