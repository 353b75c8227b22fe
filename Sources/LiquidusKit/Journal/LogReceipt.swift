import Foundation

/// What `log` did: the stored entry, its type, and its day's total against the goal.
public struct LogReceipt: Sendable, Hashable {
  /// The stored entry, with its id.
  public var drink: Drink
  /// The entry's type.
  public var type: DrinkType
  /// The local day the entry falls in.
  public var day: DateInterval
  /// The day's total including this entry.
  public var dayTotal: Volume
  /// The settings in force (goal and unit).
  public var settings: Settings

  /// One line for the terminal:
  /// `Logged 250 mL of Water at 14:03 · today 1,750 / 2,000 mL (88%)`.
  public func message(in context: CalendarContext) -> String {
    let formatter = VolumeFormatter(unit: settings.displayUnit, locale: context.locale)
    let when = ClockText.describe(drink.instant, in: context)
    let dayName: String
    if day.contains(context.now) {
      dayName = "today"
    } else {
      dayName = ClockText.localDate(drink.instant, calendar: context.calendar)
    }
    let goal = settings.dailyGoal
    let reached = dayTotal >= goal ? ", goal reached" : ""
    return "Logged \(formatter.string(drink.volume)) of \(type.name) at \(when) · "
      + "\(dayName) \(formatter.number(dayTotal)) / \(formatter.string(goal)) "
      + "(\(Percent.text(dayTotal.milliliters, of: goal.milliliters))\(reached))"
  }
}
