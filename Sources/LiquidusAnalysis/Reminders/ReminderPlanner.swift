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
    let schedule = ReminderSchedule(
      settings: try store.reminderSettings(), goal: try store.settings().dailyGoal,
      calendar: context.calendar)
    let names = Dictionary(
      try store.allTypes().compactMap { type in type.id.map { ($0, type.name) } }
    ) { first, _ in first }
    let drinks = try store.drinks(in: schedule.lookback(now: context.now)).map { drink in
      ReminderSchedule.Intake(
        instant: drink.instant, volume: drink.volume, drinkName: names[drink.typeID] ?? "?")
    }
    return schedule.state(
      drinks: drinks, now: context.now, snoozedUntil: try store.reminderState().snoozedUntil)
  }
}
