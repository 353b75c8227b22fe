import Foundation
import LiquidusAnalysis
import LiquidusModel

/// `status` as one or two lines, like a widget:
///
/// ```
/// Today 1,750 / 2,000 mL  88%  [█████████████████░░░]  250 mL to go
/// Water 1,250 mL · Coffee 500 mL
/// ```
public struct StatusText: Sendable {
  /// The day to show.
  public var snapshot: DaySnapshot
  /// Characters in the progress bar.
  public var barWidth = 20
  /// Whether to draw the bar with block characters (false: `#` and `-` for plain terminals).
  public var unicode = true

  /// Creates the text for `snapshot`.
  public init(snapshot: DaySnapshot, unicode: Bool = true) {
    self.snapshot = snapshot
    self.unicode = unicode
  }

  /// The lines, joined by a newline.
  public func render(locale: Locale) -> String {
    let formatter = VolumeFormatter(unit: snapshot.settings.displayUnit, locale: locale)
    if snapshot.isLimit { return limitLines(formatter) }
    let goal = snapshot.goal
    let percent = Percent.text(snapshot.hydration.milliliters, of: goal.milliliters)
    let tail =
      snapshot.goalMet ? "goal reached" : "\(formatter.string(snapshot.remaining)) to go"
    let progress = bar(fraction: snapshot.hydration.milliliters / goal.milliliters)
    let drunk =
      snapshot.hydrationDiffers ? " (\(formatter.string(snapshot.total)) drunk)" : ""
    let first =
      "\(snapshot.day.accessibilityDescription) \(formatter.number(snapshot.hydration)) / "
      + "\(formatter.string(goal))\(drunk)  \(percent)  [\(progress)]  \(tail)"
    guard !snapshot.byType.isEmpty else {
      let raised = WorkoutWords.raisedGoal(snapshot.target, formatter).map { "\nGoal \($0)" }
      return first + (raised ?? "") + "\nNothing logged yet today."
    }
    return ([first] + Array(lines(formatter).dropFirst())).joined(separator: "\n")
  }

  /// A placeholder first line, then the drinks and the caffeine.
  private func lines(_ formatter: VolumeFormatter) -> [String] {
    var lines = [
      "",
      snapshot.byType.map { "\($0.type.name) \(formatter.string($0.total))" }
        .joined(separator: " · "),
    ]
    if let raised = WorkoutWords.raisedGoal(snapshot.target, formatter) {
      lines.append("Goal \(raised)")
    }
    if snapshot.caffeineToday > 0 || snapshot.caffeineInBody >= 0.5 {
      lines.append(
        "Caffeine \(CaffeineText.milligrams(snapshot.caffeineToday)) today · "
          + "\(CaffeineText.milligrams(snapshot.caffeineInBody)) in your body now")
    }
    return lines
  }

  /// A limit's day: what is left, never a push to drink more.
  private func limitLines(_ formatter: VolumeFormatter) -> String {
    let first =
      "\(snapshot.day.accessibilityDescription) \(Self.limitProgress(snapshot, formatter))"
    guard !snapshot.byType.isEmpty else { return first + "\nNothing logged yet today." }
    return ([first] + Array(lines(formatter).dropFirst())).joined(separator: "\n")
  }

  /// `1,200 of 1,500 mL · 300 mL left`, or `1,700 of 1,500 mL · 200 mL over the limit`.
  static func limitProgress(_ snapshot: DaySnapshot, _ formatter: VolumeFormatter) -> String {
    let left = snapshot.remaining
    let tail =
      left.milliliters < 0
      ? "\(formatter.string(Volume(milliliters: -left.milliliters))) over the limit"
      : "\(formatter.string(left)) left"
    return "\(formatter.number(snapshot.counted)) of \(formatter.string(snapshot.goal)) · \(tail)"
  }

  private func bar(fraction: Double) -> String {
    let filled = max(0, min(barWidth, WholeNumber.of((fraction * Double(barWidth)).rounded(.down))))
    let full = unicode ? "█" : "#"
    let empty = unicode ? "░" : "-"
    return String(repeating: full, count: filled)
      + String(repeating: empty, count: barWidth - filled)
  }
}
