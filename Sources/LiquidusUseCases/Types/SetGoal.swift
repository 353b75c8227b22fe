import Foundation
import LiquidusModel
import LiquidusStore

/// Shows or sets the daily goal, from a day on.
///
/// A change belongs to the day it starts on: the days before keep the goal they had, so a
/// goal raised today does not take away last week's goal days or streak.
public struct SetGoal: UseCase {
  public init() {}

  /// A new goal, or nil to show the current one.
  public struct Request: Sendable, Hashable {
    public var amount: AmountInput?
    /// Whether the person insists on a bare number that looks like litres without their unit
    /// (`2.5` as 2.5 mL): refused otherwise, since such a goal counts every day as reached.
    public var allowUnlikely: Bool
    /// The first day the goal holds, as a person types it (`2026-11-01`, `yesterday`); nil
    /// for today.
    public var from: String?
    /// A minimum to reach or a maximum to stay within.
    public var kind: GoalKind
    /// Water to add for exercise, as typed (`250ml/30min`), or `off`; nil keeps what holds.
    public var perWorkout: String?

    public init(
      amount: AmountInput?, allowUnlikely: Bool = false, from: String? = nil,
      kind: GoalKind = .goal, perWorkout: String? = nil
    ) {
      self.amount = amount
      self.allowUnlikely = allowUnlikely
      self.from = from
      self.kind = kind
      self.perWorkout = perWorkout
    }
  }

  /// The goal in force after the call, whether it changed, the day it starts and the unit to
  /// show it in.
  public struct View: Sendable, Hashable {
    public var goal: Volume
    public var kind: GoalKind
    /// The water the goal adds for exercise; nil when off.
    public var perWorkout: WorkoutAllowance?
    public var changed: Bool
    /// The first day of the change (ISO), or nil when nothing changed.
    public var from: String?
    /// Whether `from` is today.
    public var fromToday: Bool
    public var unit: VolumeUnit
  }

  /// Reads and stores the new goal, within the goal range, from its day on.
  /// - Throws: ``AmountError`` for an amount that is not a goal, ``GoalError`` for a day that
  ///   is not one or lies in the future; nothing is stored then.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let unit = context.settings.displayUnit
    let calendar = context.calendar
    let today = calendar.localDate(of: calendar.now).description
    let from = try request.from.map { try Self.day($0, today: today, in: calendar) } ?? today
    let inForce = context.settings.goals.target(on: from)
    // The rate asked for (nil for `off`), else the one in force that day: a new goal, or a
    // limit and a goal again, keeps it.
    let perWorkout: WorkoutAllowance? =
      try request.perWorkout.map { try Self.allowance($0, in: context) } ?? inForce.perWorkout
    guard let amount = request.amount else {
      guard let change = request.perWorkout else {
        let target = context.settings.goals.target(on: today)
        return View(
          goal: target.amount, kind: target.kind,
          perWorkout: target.kind == .goal ? target.perWorkout : nil, changed: false, from: nil,
          fromToday: false, unit: unit)
      }
      // Only the rate changes, from its day on (later changes included): the goal in force
      // each day stays. A limit adds nothing for exercise, so asking it of one is a slip.
      if inForce.kind == .limit && perWorkout != nil {
        throw GoalError.workoutsOnALimit(change)
      }
      let target = DailyTarget(amount: inForce.amount, kind: inForce.kind, perWorkout: perWorkout)
      try context.store.recordGoal(
        GoalChange(from: from, target: target, changedAt: calendar.now), carryingRateForward: true)
      return View(
        goal: target.amount, kind: target.kind, perWorkout: perWorkout, changed: true,
        from: from, fromToday: from == today, unit: unit)
    }
    if request.kind == .limit, let change = request.perWorkout, perWorkout != nil {
      throw GoalError.workoutsOnALimit(change)
    }
    let goal: Volume
    switch amount {
    case .text(let text):
      goal = try AmountParser(defaultUnit: unit, locale: calendar.locale).parseGoal(
        text, allowUnlikely: request.allowUnlikely)
    case .volume(let volume):
      guard AmountParser.goalRange.contains(volume) else {
        throw AmountError.goalOutOfRange(volume, range: AmountParser.goalRange)
      }
      goal = volume
    case .serving:
      let volume = try amount.volume(in: context, allowLarge: true)
      guard AmountParser.goalRange.contains(volume) else {
        throw AmountError.goalOutOfRange(volume, range: AmountParser.goalRange)
      }
      goal = volume
    }
    // A limit keeps the rate without applying it (see DailyTarget.applying), so that a goal
    // set again after it has the rate back.
    let target = DailyTarget(amount: goal, kind: request.kind, perWorkout: perWorkout)
    try context.store.recordGoal(GoalChange(from: from, target: target, changedAt: calendar.now))
    return View(
      goal: goal, kind: request.kind, perWorkout: request.kind == .goal ? perWorkout : nil,
      changed: true, from: from,
      fromToday: from == today, unit: unit)
  }

  /// The allowance `text` names; nil for `off`.
  static func allowance(_ text: String, in context: CallContext) throws -> WorkoutAllowance? {
    if ["off", "none", "0"].contains(text.lowercased()) { return nil }
    return try WorkoutAllowance(
      parsing: text,
      amounts: AmountParser(
        defaultUnit: context.settings.displayUnit, locale: context.calendar.locale))
  }

  /// The ISO day `text` names: a day that has begun.
  static func day(_ text: String, today: String, in calendar: CalendarContext) throws -> String {
    guard case .day(let day)? = try? PeriodExpression.parse(text, in: calendar) else {
      throw GoalError.notADay(text)
    }
    let iso = calendar.localDate(of: day.interval.start).description
    guard iso <= today else { throw GoalError.dayInFuture(iso, today: today) }
    return iso
  }
}
