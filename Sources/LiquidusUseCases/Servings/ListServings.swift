import LiquidusModel
import LiquidusStore

/// Lists the servings a person can log by name.
public struct ListServings: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    public init() {}
  }

  /// The servings, smallest first, and the unit to show them in.
  public struct View: Sendable, Hashable {
    public var servings: [Serving]
    public var unit: VolumeUnit
  }

  public func run(_ request: Request, in context: CallContext) throws -> View {
    View(servings: try context.store.servings(), unit: context.settings.displayUnit)
  }
}
