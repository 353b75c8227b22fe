import Foundation
import LiquidusModel
import LiquidusStore

/// Records a drink: `log water 250ml`, `POST /api/drinks`, or a tap on the page.
///
/// A request that carries its client's idempotency key is recorded once: sent again (a retry
/// after a lost answer, a tap queued offline and sent twice) it finds the entry the first one
/// logged and answers ``Answer/replayed(_:)`` instead of logging a second drink.
public struct LogDrink: UseCase {
  public init() {}

  /// What a request came to.
  public enum Answer: Sendable {
    /// The drink was recorded; its receipt.
    case logged(LogReceipt)
    /// An earlier request with the same key recorded it: that entry, or nil when it has since
    /// been deleted.
    case replayed(Drink?)

    /// The receipt of a new entry; nil for a replay.
    public var receipt: LogReceipt? {
      if case .logged(let receipt) = self { return receipt }
      return nil
    }
  }

  /// Who asks, from the API or the page: the token, the client's idempotency key (nil when it
  /// sent none) and a digest of what it asked, so that a key reused for another drink is
  /// refused rather than answered with the first one.
  public struct Caller: Sendable, Hashable {
    public var tokenID: APIToken.ID
    public var key: String?
    public var fingerprint: String

    /// Creates a caller.
    public init(tokenID: APIToken.ID, key: String?, fingerprint: String) {
      (self.tokenID, self.key, self.fingerprint) = (tokenID, key, fingerprint)
    }
  }

  /// A drink to record.
  public struct Request: Sendable, Hashable {
    /// A selectable type's name, in any case.
    public var drink: String
    /// How much; nil for the drink's default serving. A drink that names a serving (`mug`)
    /// with no amount logs that serving of its own drink.
    public var amount: AmountInput?
    /// When, a note, its own caffeine.
    public var details: EntryDetails
    /// Whether the person insists on a typed amount that looks like a slip: more than the
    /// plausible amount for one entry (5 L, up to 20 L), a bare number below 10 millilitres, or
    /// an amount that shows as nothing.
    public var allowLarge: Bool
    /// The API or page request that asks, kept with the entry (`undo` takes back a token's
    /// own drinks, a retry finds it); nil from the command line.
    public var caller: Caller?

    /// Creates a request.
    public init(
      drink: String, amount: AmountInput?, details: EntryDetails = EntryDetails(),
      allowLarge: Bool = false, caller: Caller? = nil
    ) {
      (self.drink, self.amount, self.details, self.allowLarge) = (
        drink, amount, details, allowLarge
      )
      self.caller = caller
    }
  }

  /// Answers a request seen before, or reads the amount, the time and the caffeine (in that
  /// order, so the first mistake is the one reported), records the drink, and returns it with
  /// its day's running total.
  /// - Throws: ``AmountError``, ``TimeExpressionError``, ``CaffeineError``, ``EntryError`` or
  ///   ``StoreError`` (an unknown type, a database that cannot be written, an idempotency key
  ///   sent before with another drink).
  public func run(_ request: Request, in context: CallContext) throws -> Answer {
    let origin = request.caller.map {
      RequestKey(tokenID: $0.tokenID, key: $0.key ?? UUID().uuidString, fingerprint: $0.fingerprint)
    }
    if let origin, request.caller?.key != nil {
      switch try context.store.earlierRequest(like: origin, now: context.calendar.now) {
      case .none: break
      case .different: throw StoreError.requestKeyReused(origin.key)
      case .same(let drink): return .replayed(drink)
      }
    }
    return .logged(try log(request, origin: origin, in: context))
  }

  private func log(_ request: Request, origin: RequestKey?, in context: CallContext) throws
    -> LogReceipt
  {
    var drink = request.drink
    var amount = request.amount
    // `log mug`: a serving named alone, never a drink's name, logs a serving of its drink.
    if amount == nil, (try? context.store.type(named: drink)) == nil,
      let serving = try context.store.serving(named: drink)
    {
      guard let servingDrink = serving.drinkName else {
        throw ServingError.needsDrink(serving.name)
      }
      (drink, amount) = (servingDrink, .serving(serving.name, count: 1))
    }
    let volume: Volume
    let serving: String?
    if let amount {
      (volume, serving) = try amount.volumeAndServing(in: context, allowLarge: request.allowLarge)
    } else {
      volume = try DefaultServings().run(.init(drinks: [drink]), in: context)[0]
      serving = nil
    }
    let (instant, milligrams) = try request.details.read(in: context)
    var receipt = try context.journal.log(
      drinkName: drink, volume: volume, at: instant, note: request.details.note,
      caffeine: milligrams, request: origin)
    receipt.serving = serving
    return receipt
  }
}
