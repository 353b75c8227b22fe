import Foundation
import LiquidusModel
import LiquidusStore

/// A tap on a pushed reminder's button, sent by the phone's service worker with the page
/// closed: the button's single-use credential is the only authority. "Log" logs the drink as
/// the token's own (``LogDrink``, idempotent by the notification's key, so a tap sent twice
/// logs once); "Snooze" holds the reminders for ``RemindPhones/snoozeLength``.
public struct ActOnReminder: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    /// The credential the push message carried for this button.
    public var credential: String
    public var action: PushAction
    /// For "Log": the drink and amount the reminder offered (nil amount: the drink's default
    /// serving).
    public var drink: String?
    public var amount: AmountInput?
    /// The notification's `Idempotency-Key`, and a digest of what it asked.
    public var key: String
    public var fingerprint: String

    public init(
      credential: String, action: PushAction, drink: String? = nil, amount: AmountInput? = nil,
      key: String, fingerprint: String
    ) {
      self.credential = credential
      self.action = action
      self.drink = drink
      self.amount = amount
      self.key = key
      self.fingerprint = fingerprint
    }
  }

  public enum View: Sendable {
    case logged(LogReceipt)
    /// The same tap again: the drink it logged (nil when since deleted).
    case replayed(Drink?)
    case snoozed(until: Date)
  }

  /// - Throws: ``PushActionError`` for a credential that allows nothing (or not this action),
  ///   and what ``LogDrink`` throws for the drink.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let now = context.calendar.now
    let digest = PushAction.digest(of: request.credential)
    guard let grant = try context.store.pushActionGrant(digest: digest, now: now),
      grant.action == request.action
    else { throw PushActionError.unusable }
    switch request.action {
    case .log:
      guard let drink = request.drink else { throw PushActionError.needsDrink }
      let caller = LogDrink.Caller(
        tokenID: grant.tokenID, key: request.key, fingerprint: request.fingerprint)
      // A tap sent again finds what the first one logged, though its credential is spent.
      let origin = RequestKey(
        tokenID: grant.tokenID, key: request.key, fingerprint: request.fingerprint)
      switch try context.store.earlierRequest(like: origin, now: now) {
      case .same(let earlier): return .replayed(earlier)
      case .different: throw StoreError.requestKeyReused(request.key)
      case .none: break
      }
      try spend(digest, now: now, in: context)
      let answer = try LogDrink().run(
        .init(drink: drink, amount: request.amount, caller: caller), in: context)
      switch answer {
      case .logged(let receipt): return .logged(receipt)
      case .replayed(let earlier): return .replayed(earlier)
      }
    case .snooze:
      if try context.store.usePushAction(digest: digest, now: now) == nil {
        // Spent: the same tap again finds the snooze it set, if it still holds.
        guard let until = try context.store.reminderState().snoozedUntil, until > now else {
          throw PushActionError.unusable
        }
        return .snoozed(until: until)
      }
      let until = try SnoozeReminders().run(.init(length: RemindPhones.snoozeLength), in: context)
      return .snoozed(until: until ?? now)
    }
  }

  /// Spends the credential, in the same transaction as what it does.
  private func spend(_ digest: [UInt8], now: Date, in context: CallContext) throws {
    guard try context.store.usePushAction(digest: digest, now: now) != nil else {
      throw PushActionError.unusable
    }
  }
}
