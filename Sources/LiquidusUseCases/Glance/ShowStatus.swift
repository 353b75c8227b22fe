import LiquidusAnalysis
import LiquidusModel
import LiquidusStore

/// Today at a glance: `status`, `GET /api/status`, a status bar.
public struct ShowStatus: UseCase {
  public init() {}

  /// How much to show beside the day's totals.
  public struct Request: Sendable, Hashable {
    /// Today's hours as a report, for a chart.
    public var hours: Bool
    /// When the next drink is due, for a status bar.
    public var due: Bool
    /// The current streak, for the page (a walk back through the days, which a status bar
    /// run every few seconds does without).
    public var streak: Bool

    public init(hours: Bool = false, due: Bool = false, streak: Bool = false) {
      self.hours = hours
      self.due = due
      self.streak = streak
    }
  }

  /// The day, and what was asked for beside it.
  public struct View: Sendable {
    /// Today's totals, caffeine and settings.
    public var snapshot: DaySnapshot
    /// Today hour by hour, when asked for.
    public var hours: TrendReport?
    /// When the next drink is due, when asked for.
    public var due: DueState?
    /// The calendar of the call.
    public var calendar: CalendarContext
    /// Consecutive goal days ending today (or yesterday, while today is short), when asked for.
    public var streak: Int? = nil
  }

  /// Sums today (as one bucket: a glance walks no streak) and what was asked for.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let snapshot = try context.journal.today()
    let hours =
      try request.hours
      ? TrendEngine(store: context.store).report(for: .day(snapshot.day), typeNames: []) : nil
    let due =
      try request.due
      ? ReminderPlanner(store: context.store, context: context.calendar).state() : nil
    let streak =
      try request.streak
      ? TrendEngine(store: context.store).report(
        for: .day(snapshot.day), typeNames: [], comparing: false
      ).streaks.current : nil
    return View(
      snapshot: snapshot, hours: hours, due: due, calendar: context.calendar, streak: streak)
  }
}
