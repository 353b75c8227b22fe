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
    /// How much.
    public var amount: AmountInput
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
      drink: String, amount: AmountInput, details: EntryDetails = EntryDetails(),
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
    let volume = try request.amount.volume(in: context, allowLarge: request.allowLarge)
    let (instant, milligrams) = try request.details.read(in: context)
    return try context.journal.log(
      drinkName: request.drink, volume: volume, at: instant, note: request.details.note,
      caffeine: milligrams, request: request.origin)
  }
}
