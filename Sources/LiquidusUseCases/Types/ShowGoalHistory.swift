import LiquidusModel
import LiquidusStore

/// Lists every goal change, oldest first: what a person checks before they trust a
/// verdict on a day long past.
public struct ShowGoalHistory: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    public init() {}
  }

  /// The changes and the unit to show them in.
  public struct View: Sendable, Hashable {
    public var changes: [GoalChange]
    public var unit: VolumeUnit
  }

  public func run(_ request: Request, in context: CallContext) throws -> View {
    View(changes: context.settings.goals.changes, unit: context.settings.displayUnit)
  }
}
