import Foundation
import LiquidusModel
import LiquidusStore

/// Suggests daily goals from reference values (EFSA, NASEM, by weight), and adopts one from
/// today when asked.
public struct SuggestGoal: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    /// `70kg`, `154lb`.
    public var weight: String?
    public var sex: GoalSuggestion.Sex?
    public var age: Int?
    public var stage: GoalSuggestion.Stage
    /// The figure to adopt as the goal from today; nil to only show them.
    public var adopt: GoalSuggestion.Source?

    public init(
      weight: String? = nil, sex: GoalSuggestion.Sex? = nil, age: Int? = nil,
      stage: GoalSuggestion.Stage = .none, adopt: GoalSuggestion.Source? = nil
    ) {
      (self.weight, self.sex, self.age, self.stage, self.adopt) = (weight, sex, age, stage, adopt)
    }
  }

  /// The figures, the one adopted, and the unit to show them in.
  public struct View: Sendable {
    public var suggestion: GoalSuggestion
    public var adopted: GoalSuggestion.Figure?
    public var unit: VolumeUnit
  }

  /// - Throws: ``GoalSuggestionError`` for a weight or age that is not a person's, or a figure
  ///   to adopt that needs what was not given; nothing is stored then.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let suggestion = try GoalSuggestion(
      weightKg: try request.weight.map(GoalSuggestionError.weight), sex: request.sex,
      age: request.age, stage: request.stage)
    var adopted: GoalSuggestion.Figure?
    if let source = request.adopt {
      guard let figure = suggestion.figure(source) else {
        throw GoalSuggestionError.missing(source)
      }
      let calendar = context.calendar
      try context.store.recordGoal(
        GoalChange(
          from: calendar.localDate(of: calendar.now).description,
          target: DailyTarget(amount: figure.drinks), changedAt: calendar.now))
      adopted = figure
    }
    return View(suggestion: suggestion, adopted: adopted, unit: context.settings.displayUnit)
  }
}
