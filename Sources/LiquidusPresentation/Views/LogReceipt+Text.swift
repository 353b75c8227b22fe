import Foundation
import LiquidusModel
import LiquidusStore

extension LogReceipt {
  /// One line for the terminal:
  /// `Logged 250 mL of Water at 14:03 · today 1,750 / 2,000 mL (88%)`.
  public func message(in context: CalendarContext) -> String {
    let formatter = VolumeFormatter(unit: settings.displayUnit, locale: context.locale)
    let entry = EntrySentence(unit: settings.displayUnit, context: context)
    let dayName: String
    if day.contains(context.now) {
      dayName = "today"
    } else {
      dayName = ClockText.localDate(drink.instant, calendar: context.calendar)
    }
    let goal = self.goal
    // Progress counts hydration; where a factor makes it differ, the volume drunk is said too.
    let counted =
      abs(dayHydration.milliliters - dayTotal.milliliters) < 0.005 ? dayTotal : dayHydration
    let reached = counted >= goal ? ", goal reached" : ""
    let drunk = counted == dayTotal ? "" : "; \(formatter.string(dayTotal)) drunk"
    let caffeine =
      drink.caffeine > 0 ? " (\(CaffeineText.milligrams(drink.caffeine)) caffeine)" : ""
    return "Logged \(entry.describe(drink, typeName: type.name))\(caffeine) · "
      + "\(dayName) \(formatter.number(counted)) / \(formatter.string(goal)) "
      + "(\(Percent.text(counted.milliliters, of: goal.milliliters))\(reached)\(drunk))"
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
