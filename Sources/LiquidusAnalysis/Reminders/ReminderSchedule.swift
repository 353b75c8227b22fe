import Foundation
import LiquidusModel

/// When the next drink is due: a pure function of the settings, the day's drinks and now.
///
/// The waking window is found on the wall clock; everything after that counts real elapsed
/// seconds, so on the night the clocks change a window that spans the change is an hour
/// shorter or longer, and a due time, being an instant, never lands in a skipped hour.
///
/// - Pace: the goal spread evenly over the window. By `now`, expected = goal x the part of
///   the window gone by; behind = expected - intake.
/// - After-drink mode: the next drink is due the longest wait after the last drink (or after
///   the window's start when nothing was drunk yet), and sooner when intake falls behind pace:
///   at the moment it does, but never before the shortest wait.
/// - Fixed mode: every longest wait from the window's start; a slot with a drink logged since
///   the slot before it is skipped.
/// - Nothing is due once the goal is reached, nor after the window ends; a snooze moves the
///   due time to its end.
///
/// The day whose intake counts is the local calendar day of the window's start; for a window
/// that crosses midnight (a night shift) it runs from the end of the previous window to the
/// end of this one, so each shift counts its own drinks.
public struct ReminderSchedule: Sendable {
  /// One drink, as the schedule needs it.
  public struct Intake: Sendable, Equatable {
    public var instant: Date
    public var volume: Volume
    public var drinkName: String
    /// What counts toward the goal: the volume times the type's hydration factor.
    public var counted: Volume

    public init(instant: Date, volume: Volume, drinkName: String, counted: Volume? = nil) {
      self.instant = instant
      self.volume = volume
      self.drinkName = drinkName
      self.counted = counted ?? volume
    }
  }

  public var settings: ReminderSettings
  public var goal: Volume
  public var calendar: Calendar

  public init(settings: ReminderSettings, goal: Volume, calendar: Calendar) {
    self.settings = settings
    self.goal = goal
    self.calendar = calendar
  }

  /// The span of drinks ``state(drinks:now:snoozedUntil:)`` looks at: give it every drink in
  /// this interval (more is fine).
  public func lookback(now: Date) -> DateInterval {
    DateInterval(start: now.addingTimeInterval(-2 * 86_400), end: now.addingTimeInterval(1))
  }

  /// The state at `now`. Drinks after `now` are ignored.
  public func state(drinks: [Intake], now: Date, snoozedUntil: Date? = nil) -> DueState {
    let (window, quiet) = window(around: now)
    let day = countedDay(of: window)
    let today = drinks.filter {
      $0.instant >= day.start && $0.instant < day.end && $0.instant <= now
    }
    let intake = Volume(milliliters: today.reduce(0) { $0 + $1.counted.milliliters })
    let last = today.max { $0.instant < $1.instant }
    let gone = min(1, max(0, now.timeIntervalSince(window.start) / window.duration))
    var state = DueState(
      now: now, window: window, quiet: quiet,
      lastDrink: last.map {
        DueState.LastDrink(instant: $0.instant, volume: $0.volume, drinkName: $0.drinkName)
      },
      nextDueAt: nil, reason: .goalMet, intake: intake,
      expected: Volume(milliliters: goal.milliliters * gone), goal: goal,
      snoozedUntil: snoozedUntil.flatMap { $0 > now ? $0 : nil }, settings: settings)
    guard !state.goalMet else { return state }
    var (due, reason) =
      settings.mode == .fixed
      ? (fixedSlot(after: last?.instant, in: window, now: now), DueState.Reason.fixedSlot)
      : afterDrink(last: last?.instant, intake: intake, window: window)
    due = max(due, window.start)
    if let snooze = state.snoozedUntil, snooze > due {
      due = snooze
      reason = .snoozed
    }
    guard due < window.end else {
      state.reason = .windowEnds
      return state
    }
    state.nextDueAt = due
    state.reason = reason
    return state
  }

  /// The longest wait after the anchor, or sooner when intake falls behind pace.
  private func afterDrink(last: Date?, intake: Volume, window: DateInterval)
    -> (Date, DueState.Reason)
  {
    let anchor = last ?? window.start
    let shortest = anchor.addingTimeInterval(settings.minimumInterval.timeInterval)
    let longest = anchor.addingTimeInterval(settings.maximumInterval.timeInterval)
    // The instant the pace line passes the intake.
    let share = goal.milliliters > 0 ? intake.milliliters / goal.milliliters : 1
    let fallsBehind = window.start.addingTimeInterval(share * window.duration)
    if fallsBehind <= shortest { return (shortest, .behindPace) }
    if fallsBehind >= longest { return (longest, .longestWait) }
    return (fallsBehind, .fallingBehind)
  }

  /// The slot due: the latest one begun with no drink logged since the slot before it, or the
  /// next such slot. A missed slot gives way to the next, so an ignored reminder comes again
  /// on the schedule.
  private func fixedSlot(after last: Date?, in window: DateInterval, now: Date) -> Date {
    let step = settings.maximumInterval.timeInterval
    var slot = 1
    if let last, last > window.start {
      slot = Int((last.timeIntervalSince(window.start) / step).rounded(.up)) + 1
    }
    let begun = Int((now.timeIntervalSince(window.start) / step).rounded(.down))
    return window.start.addingTimeInterval(Double(max(slot, begun)) * step)
  }

  /// The window holding `now`, else the next one (and `quiet`).
  func window(around now: Date) -> (DateInterval, quiet: Bool) {
    let today = calendar.startOfDay(for: now)
    var candidates: [DateInterval] = []
    for offset in -1...1 {
      guard let day = calendar.date(byAdding: .day, value: offset, to: today) else { continue }
      let midnight = calendar.startOfDay(for: day)
      let start = settings.from.instant(onDayStarting: midnight, calendar: calendar)
      let endDay =
        settings.crossesMidnight
        ? calendar.date(byAdding: .day, value: 1, to: midnight).map(calendar.startOfDay) ?? midnight
        : midnight
      let end = settings.until.instant(onDayStarting: endDay, calendar: calendar)
      if end > start { candidates.append(DateInterval(start: start, end: end)) }
    }
    if let current = candidates.first(where: { $0.start <= now && now < $0.end }) {
      return (current, false)
    }
    guard let next = candidates.first(where: { $0.start > now }) ?? candidates.last else {
      return (DateInterval(start: today, duration: 86_400), false)  // unreachable: see init
    }
    return (next, true)
  }

  /// The span whose drinks count toward the window's goal.
  func countedDay(of window: DateInterval) -> DateInterval {
    let midnight = calendar.startOfDay(for: window.start)
    if settings.crossesMidnight {
      let previousEnd = settings.until.instant(onDayStarting: midnight, calendar: calendar)
      return DateInterval(start: min(previousEnd, window.start), end: window.end)
    }
    let next = calendar.date(byAdding: .day, value: 1, to: midnight) ?? window.end
    return DateInterval(start: midnight, end: calendar.startOfDay(for: next))
  }
}
