import Foundation

/// A workout or a per-workout allowance that cannot be recorded. Nothing is stored when one
/// is thrown.
public enum WorkoutError: LiquidusError, Equatable {
  /// A workout of no time, or of more than a day.
  case durationOutOfRange(String)
  /// A duration that is not `45min`, `1h`, `1h30m` or `90`.
  case unreadableDuration(String)
  /// `--per-workout` that is not `250ml/30min`.
  case unreadableAllowance(String)
  /// An allowance that adds nothing, or more than 2 L an hour.
  case allowanceOutOfRange(String)
  /// No workout has this id.
  case notFound(id: Int64)

  public var description: String {
    switch self {
    case .durationOutOfRange(let text):
      "A workout lasts more than 0 minutes and at most 24 hours, not \(text)."
    case .unreadableDuration(let text):
      "'\(text)' is not a duration: give minutes or hours such as 45min, 1h or 1h30m."
    case .unreadableAllowance(let text):
      "'\(text)' is not water per time of exercise: give an amount and minutes such as "
        + "250ml/30min or 0.5l/1h."
    case .allowanceOutOfRange(let text):
      "\(text) is not a rate of water to add for exercise: give more than 0 and at most "
        + "2 L an hour (sweat losses run from about 0.3 to 2 L an hour)."
    case .notFound(let id):
      "No workout has the id \(id): `liquidus workouts` lists them with their ids."
    }
  }
}
