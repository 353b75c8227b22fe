import LiquidusModel
import LiquidusStore

/// Removes a serving: `servings remove mug`. Entries logged with it keep their amounts.
public struct RemoveServing: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    public var name: String
    public init(name: String) { self.name = name }
  }

  /// - Throws: ``ServingError/unknown(_:known:suggestion:)`` for a name no serving has.
  public func run(_ request: Request, in context: CallContext) throws {
    try context.store.removeServing(named: request.name)
  }
}
