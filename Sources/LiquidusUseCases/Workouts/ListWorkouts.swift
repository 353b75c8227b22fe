import Foundation
import LiquidusModel
import LiquidusStore

/// The workouts of a period, oldest first: `workouts`, `workouts last week`.
public struct ListWorkouts: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    /// The period, as typed (`last week`); nil for every workout.
    public var period: String?
    public init(period: String? = nil) { self.period = period }
  }

  public struct View: Sendable, Hashable {
    public var workouts: [Workout]
  }

  /// - Throws: ``PeriodExpressionError`` for a period that cannot be read.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let interval = try request.period.map {
      try PeriodExpression.parse($0, in: context.calendar).interval
    }
    return View(workouts: try context.store.workouts(in: interval))
  }
}
