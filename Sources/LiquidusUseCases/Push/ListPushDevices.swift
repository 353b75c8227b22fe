import LiquidusModel
import LiquidusStore

/// The browsers that get reminders pushed to them: `remind devices`, and the page's list.
public struct ListPushDevices: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    /// Only this token's; every token's for nil (the command line).
    public var tokenID: APIToken.ID?
    public init(tokenID: APIToken.ID? = nil) { self.tokenID = tokenID }
  }

  /// Oldest first.
  public func run(_ request: Request, in context: CallContext) throws -> [PushSubscription] {
    try context.store.pushSubscriptions(ofToken: request.tokenID, now: context.calendar.now)
  }
}
