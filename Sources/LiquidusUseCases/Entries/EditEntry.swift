import Foundation
import LiquidusModel
import LiquidusStore

/// Changes an entry's type, amount, time, note or caffeine.
public struct EditEntry: UseCase {
  public init() {}

  /// The entry and what changes; nil leaves a field as it is.
  public struct Request: Sendable, Hashable {
    /// The entry.
    public var entry: EntryReference
    /// Another type's name.
    public var drink: String?
    /// Another amount.
    public var amount: AmountInput?
    /// Another time, note or caffeine.
    public var details: EntryDetails
    /// Whether the person insists on a typed amount that looks like a slip: more than the
    /// plausible amount for one entry (5 L, up to 20 L), a bare number below 10 millilitres, or
    /// an amount that shows as nothing.
    public var allowLarge: Bool

    /// Creates a request.
    public init(
      entry: EntryReference, drink: String? = nil, amount: AmountInput? = nil,
      details: EntryDetails = EntryDetails(), allowLarge: Bool = false
    ) {
      (self.entry, self.drink, self.amount, self.details) = (entry, drink, amount, details)
      self.allowLarge = allowLarge
    }
  }

  /// Reads the new values, changes the entry in one transaction, and returns it as it is now.
  /// - Throws: ``AmountError``, ``TimeExpressionError``, ``CaffeineError``, ``EntryError`` or
  ///   ``StoreError`` (no such entry, an unknown type).
  public func run(_ request: Request, in context: CallContext) throws -> EntryChange {
    let volume = try request.amount?.volume(in: context, allowLarge: request.allowLarge)
    let (instant, milligrams) = try request.details.read(in: context)
    let (drink, type) = try context.journal.edit(
      id: try request.entry.rowID(in: context.store), drinkName: request.drink, volume: volume,
      at: instant,
      note: request.details.note, caffeine: milligrams)
    return EntryChange(drink: drink, typeName: type.name)
  }
}
