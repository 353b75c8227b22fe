import Foundation
import LiquidusAnalysis

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
    guard !snapshot.byType.isEmpty else { return first + "\nNothing logged yet today." }
    var lines = [
      first,
      snapshot.byType.map { "\($0.type.name) \(formatter.string($0.total))" }
        .joined(separator: " · "),
    ]
    if snapshot.caffeineToday > 0 || snapshot.caffeineInBody >= 0.5 {
      lines.append(
        "Caffeine \(CaffeineText.milligrams(snapshot.caffeineToday)) today · "
          + "\(CaffeineText.milligrams(snapshot.caffeineInBody)) in your body now")
    }
    return lines.joined(separator: "\n")
  }

  private func bar(fraction: Double) -> String {
    let filled = min(barWidth, Int((fraction * Double(barWidth)).rounded(.down)))
    let full = unicode ? "█" : "#"
    let empty = unicode ? "░" : "-"
    return String(repeating: full, count: filled)
      + String(repeating: empty, count: barWidth - filled)
  }
}
