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
    /// When; nil for now. Not more than a minute in the future.
    public var at: TimeInput?
    /// A note to keep with the entry.
    public var note: String?
    /// The entry's own caffeine; nil for the amount times the type's content.
    public var caffeine: CaffeineInput?
    /// Whether more than the plausible amount for one entry (5 L, up to 20 L) is meant.
    public var allowLarge: Bool

    /// Creates a request.
    public init(
      drink: String, amount: AmountInput, at: TimeInput? = nil, note: String? = nil,
      caffeine: CaffeineInput? = nil, allowLarge: Bool = false
    ) {
      self.drink = drink
      self.amount = amount
      self.at = at
      self.note = note
      self.caffeine = caffeine
      self.allowLarge = allowLarge
    }
  }

  /// Reads the amount, the time and the caffeine (in that order, so the first mistake is the
  /// one reported), records the drink, and returns it with its day's running total.
  /// - Throws: ``AmountError``, ``TimeExpressionError``, ``CaffeineError``, ``EntryError`` or
  ///   ``StoreError`` (an unknown type, a database that cannot be written).
  public func run(_ request: Request, in context: CallContext) throws -> LogReceipt {
    let volume = try request.amount.volume(in: context, allowLarge: request.allowLarge)
    let instant = try request.at?.instant(in: context)
    let milligrams = try request.caffeine?.milligrams()
    return try context.journal.log(
      drinkName: request.drink, volume: volume, at: instant, note: request.note,
      caffeine: milligrams)
  }
}
