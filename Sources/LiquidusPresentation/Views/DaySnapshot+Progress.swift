import Foundation
import LiquidusAnalysis
import LiquidusModel

extension DaySnapshot {
  /// Where the day stands against the goal, as the log line says it:
  /// `today 1,500 / 2,000 mL (75%)`, or `that day ...` for another day, whose name the sentence
  /// before it already gave.
  public func progressText(in context: CalendarContext) -> String {
    let formatter = VolumeFormatter(unit: settings.displayUnit, locale: context.locale)
    let dayName = day.interval.contains(context.now) ? "today" : "that day"
    // The day's own goal: a goal set later, or its exercise, changes it; a limit says what is
    // left, never a push to drink more.
    if isLimit { return "\(dayName) \(StatusText.limitProgress(self, formatter))" }
    let drunk = hydrationDiffers ? "; \(formatter.string(total)) drunk" : ""
    return "\(dayName) \(formatter.number(hydration)) / \(formatter.string(goal)) "
      + "(\(Percent.text(hydration.milliliters, of: goal.milliliters))\(drunk))"
  }
}
