import Foundation
import LiquidusAnalysis
import LiquidusModel

/// `status --format waybar` and `--format line`: today in one line for a status bar.
///
/// Waybar's custom module reads one JSON object per line with `text`, `tooltip`, `class` and
/// `percentage`; i3blocks, polybar, tmux and shell prompts read one plain line.
public struct StatusBar: Sendable {
  /// Waybar's fields.
  public struct Waybar: Codable, Sendable, Equatable {
    public var text: String
    public var tooltip: String
    /// `done`, `due`, `behind` or `on-track`, for the bar's CSS; under a limit `within` or
    /// `over`.
    public var `class`: String
    /// 0 to 100.
    public var percentage: Int
  }

  public var snapshot: DaySnapshot
  public var due: DueState
  public var locale: Locale

  public init(snapshot: DaySnapshot, due: DueState, locale: Locale) {
    self.snapshot = snapshot
    self.due = due
    self.locale = locale
  }

  /// `done` once the goal is reached, `due` when a drink is due, `behind` when behind pace,
  /// else `on-track`.
  public var stateClass: String {
    if snapshot.isLimit { return snapshot.isOverLimit ? "over" : "within" }
    if snapshot.goalMet { return "done" }
    if due.isDue { return "due" }
    if due.behind.milliliters >= 0.5 && !due.quiet { return "behind" }
    return "on-track"
  }

  private var formatter: VolumeFormatter {
    VolumeFormatter(unit: snapshot.settings.displayUnit, locale: locale)
  }

  private var percent: Int {
    Percent.value(snapshot.counted.milliliters, of: snapshot.goal.milliliters)
  }

  /// `1,750 / 2,000 mL 88%`, then `· due` or `· done`.
  public var line: String {
    if snapshot.isLimit { return StatusText.limitProgress(snapshot, formatter) }
    var text =
      "\(formatter.number(snapshot.hydration)) / \(formatter.string(snapshot.goal))"
      + " \(percent)%"
    switch stateClass {
    case "done": text += " · done"
    case "due": text += " · drink due"
    default: break
    }
    return text
  }

  /// Waybar's module: the line, and today and the next drink in the tooltip.
  ///
  /// - Parameter remedies: The caller's words for the controls the tooltip points to (see
  ///   ``DueText/render(remedies:)``).
  public func waybar(context: CalendarContext, remedies: (Remedy) -> String?) -> Waybar {
    var tooltip = StatusText(snapshot: snapshot).render(locale: locale)
    tooltip +=
      "\n"
      + DueText(state: due, context: context, unit: snapshot.settings.displayUnit)
      .render(remedies: remedies)
    if snapshot.isLimit {
      return Waybar(
        text: StatusText.limitProgress(snapshot, formatter), tooltip: TerminalText.visible(tooltip),
        class: stateClass, percentage: min(100, percent))
    }
    return Waybar(
      text:
        "\(formatter.number(snapshot.hydration)) / \(formatter.string(snapshot.goal))",
      tooltip: TerminalText.visible(tooltip), class: stateClass, percentage: min(100, percent))
  }
}
