import LiquidusModel
import LiquidusStore

/// The drink types with their entry counts: `types`, `GET /api/types`.
public struct ListDrinkTypes: UseCase {
  public init() {}

  /// Nothing to choose.
  public struct Request: Sendable, Hashable {
    public init() {}
  }

  /// Every type in order, and how many entries each has.
  public struct View: Sendable {
    public var types: [DrinkType]
    public var counts: [DrinkType.ID: Int]
  }

  public func run(_ request: Request, in context: CallContext) throws -> View {
    View(types: try context.store.allTypes(), counts: try context.store.entryCountsByType())
  }
}
