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
      try PeriodExpression.parse(Self.joined($0), in: context.calendar).interval
    }
    return View(workouts: try context.store.workouts(in: interval))
  }

  /// `last week` as `last-week`, `this month` as `month`: the words people say, quoted as one.
  static func joined(_ text: String) -> String {
    let words = text.lowercased().split(separator: " ")
    guard words.count == 2 else { return text }
    switch words[0] {
    case "last": return "last-\(words[1])"
    case "this": return String(words[1])
    default: return text
    }
  }
}
