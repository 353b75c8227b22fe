import Foundation
import LiquidusModel
import LiquidusStore

/// Deletes a workout by its id (`workouts delete 3`); a merge does not bring it back.
public struct DeleteWorkout: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    public var id: Workout.ID
    public init(id: Workout.ID) { self.id = id }
  }

  /// - Returns: the workout as it was.
  /// - Throws: ``WorkoutError/notFound(id:)``.
  public func run(_ request: Request, in context: CallContext) throws -> Workout {
    try context.store.deleteWorkout(id: request.id, now: context.calendar.now)
  }
}
