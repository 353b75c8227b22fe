import Foundation
import LiquidusModel
import LiquidusStore

/// Reads what ``ReminderSchedule`` needs from the store: the settings, the goal, the snooze and
/// the drinks of the last two days.
public struct ReminderPlanner: Sendable {
  public let store: DrinkStore
  public let context: CalendarContext

  public init(store: DrinkStore, context: CalendarContext) {
    self.store = store
    self.context = context
  }

  /// The state at the context's now.
  public func state() throws -> DueState {
    let target = try store.target(
      on: Day(containing: context.now, in: context), goals: store.settings().goals)
    let schedule = ReminderSchedule(
      settings: try store.reminderSettings(), goal: target.amount, calendar: context.calendar)
    let types = Dictionary(try store.allTypes().map { ($0.id, $0) }) { first, _ in first }
    // Pace counts what counts toward the goal: each drink's volume times its hydration factor;
    // a limit counts every drink whole.
    let drinks = try store.intakes(in: schedule.lookback(now: context.now)).map { drink in
      let type = types[drink.typeID]
      return ReminderSchedule.Intake(
        instant: drink.instant, volume: Volume(milliliters: drink.milliliters),
        drinkName: type?.name ?? "?",
        counted: Volume(
          milliliters: target.counted(
            volume: drink.milliliters,
            hydration: drink.milliliters * (type?.hydrationFactor ?? 1))))
    }
    var state = schedule.state(
      drinks: drinks, now: context.now, snoozedUntil: try store.reminderState().snoozedUntil)
    state.goalKind = target.kind
    return state
  }
}
