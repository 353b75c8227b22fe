import Foundation
import LiquidusModel
import LiquidusStore

extension LogReceipt {
  /// One line for the terminal:
  /// `Logged 250 mL of Water at 14:03 · today 1,750 / 2,000 mL (88%)`, or for another day
  /// `Logged 237 mL of Juice at yesterday 21:00 · that day 237 / 2,000 mL (12%)`.
  public func message(in context: CalendarContext) -> String {
    let formatter = VolumeFormatter(unit: settings.displayUnit, locale: context.locale)
    let entry = EntrySentence(unit: settings.displayUnit, context: context)
    // The entry's own words already name its day ("at yesterday 21:00"); a bare date after
    // them read as a second, unrelated fact.
    let dayName = day.contains(context.now) ? "today" : "that day"
    let goal = self.goal
    if goalKind == .limit {
      // A limit counts every drink whole, and the line says what is left, never "to go".
      let left = remaining.milliliters
      let tail =
        left < 0
        ? "\(formatter.string(Volume(milliliters: -left))) over the limit"
        : "\(formatter.string(remaining)) left"
      return "Logged \(entry.describe(drink, typeName: type.name, serving: serving)) · \(dayName) "
        + "\(formatter.number(dayTotal)) of \(formatter.string(goal)) · \(tail)"
    }
    // Progress counts hydration; where a factor makes it differ, the volume drunk is said too.
    let counted =
      abs(dayHydration.milliliters - dayTotal.milliliters) < 0.005 ? dayTotal : dayHydration
    let reached = goalMet ? ", goal reached" : ""
    // A day its exercise raised says by how much: `2,000 + 500 mL for 60 min of running`.
    let raised = WorkoutWords.raisedGoal(target, formatter)
    let drunk = counted == dayTotal ? "" : "; \(formatter.string(dayTotal)) drunk"
    let caffeine =
      drink.caffeine > 0 ? " (\(CaffeineText.milligrams(drink.caffeine)) caffeine)" : ""
    return "Logged \(entry.describe(drink, typeName: type.name, serving: serving))\(caffeine) · "
      + "\(dayName) \(formatter.number(counted)) / \(formatter.string(goal)) "
      + "(\(Percent.text(counted.milliliters, of: goal.milliliters))\(reached)\(drunk))"
      + (raised.map { " · goal \($0)" } ?? "")
  }

  /// A warning for stderr when this entry took the day to 90% of its fluid limit, or while the
  /// day is past it; nil otherwise and for a goal.
  public func limitWarning(in context: CalendarContext) -> String? {
    guard goalKind == .limit, goal.milliliters > 0 else { return nil }
    let formatter = VolumeFormatter(unit: settings.displayUnit, locale: context.locale)
    let after = dayTotal.milliliters
    let before = after - drink.volume.milliliters
    let limit = formatter.string(goal)
    if after > goal.milliliters {
      let over = formatter.string(Volume(milliliters: after - goal.milliliters))
      return "warning: \(formatter.string(dayTotal)) on this day, \(over) over your daily "
        + "limit of \(limit)."
    }
    guard after >= 0.9 * goal.milliliters, before < 0.9 * goal.milliliters else { return nil }
    return "warning: \(formatter.string(dayTotal)) on this day, "
      + "\(Percent.text(after, of: goal.milliliters)) of your daily limit of \(limit)."
  }

  /// A warning when this entry took the day over the caffeine limit, for stderr.
  ///
  /// - Parameter remedies: The caller's words for the controls the warning points to
  ///   (``Remedy/caffeineLimitSetting``); the library does not know the command line's.
  public func caffeineWarning(remedies: (Remedy) -> String?) -> String? {
    guard crossedCaffeineLimit else { return nil }
    let setting = remedies(.caffeineLimitSetting) ?? Remedy.caffeineLimitSetting.domainWords
    return "warning: \(CaffeineText.milligrams(dayCaffeine)) of caffeine on this day, over your "
      + "daily limit of \(CaffeineText.milligrams(settings.caffeineLimitMg))"
      + (setting.map { " (\($0))" } ?? "") + "."
  }
}
