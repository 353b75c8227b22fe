import Foundation
import LiquidusAnalysis
import LiquidusModel
import LiquidusStore

/// Decides whether a reminder goes out now (what `liquidus remind tick` runs on its timer, and
/// `liquidus serve` for the phones it pushes to), and remembers it went on that channel, so a
/// second tick while a notification waits does not repeat it.
public struct RemindNow: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    /// Under a daily limit, remind of what is left and how to spread it.
    public var spread: Bool
    /// Where the reminder goes: each channel reminds once of each due drink.
    public var channel: ReminderChannel

    /// Creates a request.
    public init(spread: Bool = false, channel: ReminderChannel = .desktop) {
      self.spread = spread
      self.channel = channel
    }
  }

  /// What the tick found.
  public enum View: Sendable {
    /// Nothing is due (quiet hours, snoozed, a limit, or not yet): the state says why.
    case notDue(DueState)
    /// A reminder for this due time went out already.
    case alreadyReminded(DueState, due: Date)
    /// A reminder is to go out now; `drink` and `serving` are what its "Log" action logs
    /// (nil drink when no drink is offered, or when spreading under a limit, which offers no
    /// action).
    case remind(DueState, due: Date, spreading: Bool, drink: String?, serving: Volume)
  }

  public func run(_ request: Request, in context: CallContext) throws -> View {
    let state = try ReminderPlanner(store: context.store, context: context.calendar).state()
    let spreading = request.spread && state.spread != nil
    guard spreading ? state.isSpreadDue : state.isDue, let due = state.nextDueAt else {
      return .notDue(state)
    }
    if try context.store.reminderState().remindedDueAt(on: request.channel) == due {
      return .alreadyReminded(state, due: due)
    }
    // Remembered first, so a second tick while the notification waits does not repeat it.
    try context.store.setRemindedDue(due, on: request.channel)
    let drink =
      spreading ? nil : try context.store.allTypes().first { $0.isEnabled && !$0.isArchived }
    let serving =
      try drink.map { try DefaultServings().run(.init(drinks: [$0.name]), in: context)[0] }
      ?? Serving.fallback
    return .remind(state, due: due, spreading: spreading, drink: drink?.name, serving: serving)
  }

  /// Forgets that a reminder went out, when it could not be delivered: the next tick tries
  /// again.
  public static func undelivered(on channel: ReminderChannel = .desktop, in context: CallContext)
    throws
  {
    try context.store.setRemindedDue(nil, on: channel)
  }
}
