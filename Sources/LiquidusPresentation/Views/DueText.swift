import Foundation
import LiquidusAnalysis
import LiquidusModel

/// `liquidus due` in one line: when the next drink is due, why, and the pace.
///
/// ```
/// Next drink due at 15:30 (90 min after 250 mL Water at 14:00) · 300 mL behind pace
/// Due now — 35 min overdue · 300 mL behind pace
/// Quiet hours until 08:00 · next drink due at 09:00
/// ```
public struct DueText: Sendable {
  public var state: DueState
  public var context: CalendarContext
  public var unit: VolumeUnit

  public init(state: DueState, context: CalendarContext, unit: VolumeUnit) {
    self.state = state
    self.context = context
    self.unit = unit
  }

  /// Under a limit: `300 mL left until 22:00, about 100 mL an hour`; past it, by how much.
  public func spreadSentence(_ spread: DueState.Spread, _ formatter: VolumeFormatter) -> String {
    let limit = formatter.string(state.goal)
    guard spread.left.milliliters > 0 else {
      let over = formatter.string(Volume(milliliters: -spread.left.milliliters))
      return spread.left.milliliters < 0
        ? "\(over) over your daily limit of \(limit)" : "Your daily limit of \(limit) is reached"
    }
    guard let perHour = spread.perHour else {
      return "\(formatter.string(spread.left)) left of your daily limit of \(limit) today"
    }
    return "\(formatter.string(spread.left)) left until \(time(spread.until)), about "
      + "\(formatter.string(perHour)) an hour"
  }

  /// The line.
  ///
  /// - Parameter remedies: The caller's words for the controls the line points to
  ///   (``Remedy/turnRemindersOn``); the library does not know the command line's.
  public func render(remedies: (Remedy) -> String?) -> String {
    let formatter = VolumeFormatter(unit: unit, locale: context.locale)
    var parts: [String] = []
    if !state.settings.isEnabled {
      let turnOn = remedies(.turnRemindersOn) ?? Remedy.turnRemindersOn.domainWords
      parts.append("Reminders are off" + (turnOn.map { " (\($0))" } ?? ""))
    }
    if let spread = state.spread {
      parts.append(spreadSentence(spread, formatter))
      return parts.joined(separator: " · ")
    }
    if state.goalMet {
      parts.append(
        "Goal reached: \(formatter.number(state.intake)) / \(formatter.string(state.goal)). "
          + "Nothing more is due today")
      return parts.joined(separator: " · ")
    }
    if state.quiet {
      parts.append("Quiet hours until \(time(state.window.start))")
      if let due = state.nextDueAt { parts.append("next drink due at \(time(due))") }
      return parts.joined(separator: " · ")
    }
    switch state.nextDueAt {
    case nil:
      parts.append("Nothing more is due today: the waking window ends at \(time(state.window.end))")
    case let due? where due <= state.now:
      let overdue = state.overdueMinutes
      parts.append(overdue > 0 ? "Due now — \(overdue) min overdue" : "Due now")
    case let due?:
      parts.append("Next drink due at \(time(due)) (\(because(due)))")
    }
    parts.append(pace(formatter))
    return parts.joined(separator: " · ")
  }

  /// "300 mL behind pace", "200 mL ahead of pace", "on pace".
  public func pace(_ formatter: VolumeFormatter) -> String {
    let behind = state.behind.milliliters
    if abs(behind) < 0.5 { return "on pace" }
    let amount = formatter.string(Volume(milliliters: abs(behind)))
    return behind > 0 ? "\(amount) behind pace" : "\(amount) ahead of pace"
  }

  private func because(_ due: Date) -> String {
    let after: String
    if let last = state.lastDrink {
      let formatter = VolumeFormatter(unit: unit, locale: context.locale)
      after =
        "after \(formatter.string(last.volume)) \(TerminalText.visible(last.drinkName)) "
        + "at \(time(last.instant))"
    } else {
      after = "after the day's window opened at \(time(state.window.start))"
    }
    let minutes = Int(due.timeIntervalSince(state.lastDrink?.instant ?? state.window.start) / 60)
    switch state.reason {
    case .behindPace where state.settings.minimumInterval < state.settings.maximumInterval:
      return "\(minutes) min \(after), sooner because you are behind pace"
    case .fallingBehind: return "when you fall behind pace, \(minutes) min \(after)"
    case .fixedSlot:
      return "every \(ReminderInterval.text(state.settings.maximumInterval)) from "
        + time(state.window.start)
    case .snoozed: return "snoozed"
    default: return "\(minutes) min \(after)"
    }
  }

  /// A reminder's title, on the desktop and on a phone.
  public static let reminderTitle = "Time for a drink"

  /// A reminder's text, on the desktop and on a phone: "1,750 of 2,000 mL today (88%) · 300 mL
  /// behind pace · 35 min overdue".
  public func reminderBody(_ formatter: VolumeFormatter) -> String {
    var parts = [
      "\(formatter.number(state.intake)) of \(formatter.string(state.goal)) today "
        + "(\(Percent.text(state.intake.milliliters, of: state.goal.milliliters)))",
      pace(formatter),
    ]
    if state.overdueMinutes > 0 { parts.append("\(state.overdueMinutes) min overdue") }
    return parts.joined(separator: " · ")
  }

  /// `15:30`, or `tomorrow 09:00` when it is not today.
  public func time(_ instant: Date) -> String {
    let calendar = context.calendar
    let clock = ClockText.time(instant, in: context)
    if calendar.isDate(instant, inSameDayAs: state.now) { return clock }
    if let tomorrow = calendar.date(byAdding: .day, value: 1, to: state.now),
      calendar.isDate(instant, inSameDayAs: tomorrow)
    {
      return "tomorrow \(clock)"
    }
    return ClockText.describe(instant, in: context)
  }
}
