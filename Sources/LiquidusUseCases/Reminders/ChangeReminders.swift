import LiquidusAnalysis
import LiquidusModel
import LiquidusStore

/// Shows or changes when reminders come: `liquidus remind --every 60m-120m --from 08:00`.
public struct ChangeReminders: UseCase {
  public init() {}

  /// What changes; nil (or false) leaves a setting as it is.
  public struct Request: Sendable, Hashable {
    /// The shortest and longest wait after a drink.
    public var interval: ClosedRange<Duration>?
    public var from: WallClockTime?
    public var until: WallClockTime?
    public var mode: ReminderSettings.Mode?
    /// true turns reminders on, false off.
    public var enabled: Bool?

    /// Creates a request.
    public init(
      interval: ClosedRange<Duration>? = nil, from: WallClockTime? = nil,
      until: WallClockTime? = nil, mode: ReminderSettings.Mode? = nil, enabled: Bool? = nil
    ) {
      (self.interval, self.from, self.until, self.mode, self.enabled) = (
        interval, from, until, mode, enabled
      )
    }

    var changesSomething: Bool {
      interval != nil || from != nil || until != nil || mode != nil || enabled != nil
    }
  }

  /// The settings as they are after the change, and when the next drink is due under them.
  public struct View: Sendable {
    public var settings: ReminderSettings
    public var due: DueState
  }

  /// Stores the change in one transaction (a waking window that opens when it closes changes
  /// nothing) and plans the next reminder under it.
  /// - Throws: ``ReminderError/emptyWindow(_:)``, or ``StoreError``.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let current = try context.store.reminderSettings()
    let window = (request.from ?? current.from, request.until ?? current.until)
    if window.0 == window.1 { throw ReminderError.emptyWindow(window.0) }
    let settings =
      request.changesSomething
      ? try context.store.updateReminderSettings { settings in
        if let interval = request.interval {
          settings.minimumInterval = interval.lowerBound
          settings.maximumInterval = interval.upperBound
        }
        (settings.from, settings.until) = window
        if let mode = request.mode { settings.mode = mode }
        if let enabled = request.enabled { settings.isEnabled = enabled }
      } : current
    let due = try ReminderPlanner(store: context.store, context: context.calendar).state()
    return View(settings: settings, due: due)
  }
}
