import Foundation
import LiquidusModel
import LiquidusStore

/// Records a drink: `log water 250ml`, or `POST /api/drinks`.
public struct LogDrink: UseCase {
  public init() {}

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
    /// The API request that asks (its token and idempotency key), kept with the entry so that
    /// a retry finds it instead of logging a second drink; nil from the command line.
    public var origin: RequestKey?

    /// Creates a request.
    public init(
      drink: String, amount: AmountInput?, details: EntryDetails = EntryDetails(),
      allowLarge: Bool = false, origin: RequestKey? = nil
    ) {
      (self.drink, self.amount, self.details, self.allowLarge) = (
        drink, amount, details, allowLarge
      )
      self.origin = origin
    }
  }

  /// Reads the amount, the time and the caffeine (in that order, so the first mistake is the
  /// one reported), records the drink, and returns it with its day's running total.
  /// - Throws: ``AmountError``, ``TimeExpressionError``, ``CaffeineError``, ``EntryError`` or
  ///   ``StoreError`` (an unknown type, a database that cannot be written).
  public func run(_ request: Request, in context: CallContext) throws -> LogReceipt {
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
      // `log water`: the drink's own serving, else its last amount, else 250 mL.
      volume = try context.store.defaultServing(ofType: drink)
      serving = nil
    }
    let (instant, milligrams) = try request.details.read(in: context)
    var receipt = try context.journal.log(
      drinkName: drink, volume: volume, at: instant, note: request.details.note,
      caffeine: milligrams, request: request.origin)
    receipt.serving = serving
    return receipt
  }
}
