import LiquidusAnalysis
import LiquidusModel
import LiquidusStore

/// When the next drink is due, and why: `due`, `GET /api/due`.
public struct ShowDue: UseCase {
  public init() {}

  /// Nothing to choose.
  public struct Request: Sendable, Hashable {
    public init() {}
  }

  /// The reminder state and what is needed to word it.
  public struct View: Sendable {
    public var state: DueState
    public var calendar: CalendarContext
    public var unit: VolumeUnit
  }

  /// Plans from the reminder settings and today's drinks.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    View(
      state: try ReminderPlanner(store: context.store, context: context.calendar).state(),
      calendar: context.calendar, unit: context.settings.displayUnit)
  }
}
