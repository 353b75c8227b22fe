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
  /// A workout that ends after now: exercise not done yet raises no goal.
  case notEndedYet(ends: String)

  public var description: String {
    switch self {
    case .durationOutOfRange(let text):
      "A workout lasts from a minute to 24 hours, not \(text)."
    case .unreadableDuration(let text):
      "'\(text)' is not a duration: give minutes or hours such as 45min, 1h or 1h30m."
    case .unreadableAllowance(let text):
      "'\(text)' is not water per time of exercise: give an amount and minutes such as "
        + "250ml/30min or 0.5l/1h."
    case .allowanceOutOfRange(let text):
      "\(text) is not a rate of water to add for exercise: give at least 1 mL for at least a "
        + "minute, and at most 2 L an hour (sweat losses run from about 0.3 to 2 L an hour)."
    case .notEndedYet(let ends):
      "That workout would end at \(ends), which is still to come: log a workout once it is "
        + "over, with the time it began."
    case .notFound(let id):
      "No workout has the id \(id)."
    }
  }
}
