import Foundation

/// Why a goal change was refused. Nothing is stored when one is thrown.
public enum GoalError: LiquidusError, Equatable {
  /// The first day of a change is not a day (`2026-13-01`, `soon`).
  case notADay(String)
  /// The first day of a change lies after today: a goal is set for days that have begun.
  case dayInFuture(String, today: String)
  /// Water for exercise asked of a limit: a limit is the doctor's, whatever the day's exercise.
  case workoutsOnALimit(String)

  public var description: String {
    switch self {
    case .notADay(let text):
      "'\(text)' is not a day a goal can start on: give a date such as 2026-11-01, or today or "
        + "yesterday."
    case .dayInFuture(let text, let today):
      "A goal can start today (\(today)) or on an earlier day, not on \(text): set it on the "
        + "day it begins."
    case .workoutsOnALimit(let text):
      "A daily limit adds nothing for exercise (\(text)): a fluid limit is your doctor's, "
        + "whatever the day's exercise; ask them what to do on active days."
    }
  }
}
