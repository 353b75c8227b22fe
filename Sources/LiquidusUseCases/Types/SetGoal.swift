import LiquidusModel
import LiquidusStore

/// Shows or sets the daily goal.
public struct SetGoal: UseCase {
  public init() {}

  /// A new goal, or nil to show the current one.
  public struct Request: Sendable, Hashable {
    public var amount: AmountInput?
    /// Whether the person insists on a bare number that looks like litres without their unit
    /// (`2.5` as 2.5 mL): refused otherwise, since such a goal counts every day as reached.
    public var allowUnlikely: Bool
    public init(amount: AmountInput?, allowUnlikely: Bool = false) {
      self.amount = amount
      self.allowUnlikely = allowUnlikely
    }
  }

  /// The goal in force after the call, whether it changed, and the unit to show it in.
  public struct View: Sendable, Hashable {
    public var goal: Volume
    public var changed: Bool
    public var unit: VolumeUnit
  }

  /// Reads and stores the new goal, within the goal range.
  /// - Throws: ``AmountError`` for an amount that is not a goal.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let unit = context.settings.displayUnit
    guard let amount = request.amount else {
      return View(goal: context.settings.dailyGoal, changed: false, unit: unit)
    }
    let goal: Volume
    switch amount {
    case .text(let text):
      goal = try AmountParser(defaultUnit: unit, locale: context.calendar.locale).parseGoal(
        text, allowUnlikely: request.allowUnlikely)
    case .volume(let volume):
      guard AmountParser.goalRange.contains(volume) else {
        throw AmountError.goalOutOfRange(volume, range: AmountParser.goalRange)
      }
      goal = volume
    }
    _ = try context.store.updateSettings { $0.dailyGoal = goal }
    return View(goal: goal, changed: true, unit: unit)
  }
}
