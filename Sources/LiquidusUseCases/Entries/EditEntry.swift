import Foundation
import LiquidusModel
import LiquidusStore

/// Changes an entry's type, amount, time, note or caffeine.
public struct EditEntry: UseCase {
  public init() {}

  /// The entry and what changes; nil leaves a field as it is, an empty note removes the note.
  public struct Request: Sendable, Hashable {
    public var id: Int64
    public var drink: String?
    public var amount: AmountInput?
    public var at: TimeInput?
    public var note: String?
    public var caffeine: CaffeineInput?
    /// Whether more than the plausible amount for one entry is meant.
    public var allowLarge: Bool

    /// Creates a request.
    public init(
      id: Int64, drink: String? = nil, amount: AmountInput? = nil, at: TimeInput? = nil,
      note: String? = nil, caffeine: CaffeineInput? = nil, allowLarge: Bool = false
    ) {
      self.id = id
      self.drink = drink
      self.amount = amount
      self.at = at
      self.note = note
      self.caffeine = caffeine
      self.allowLarge = allowLarge
    }
  }

  /// Reads the new values, changes the entry in one transaction, and returns it as it is now.
  /// - Throws: ``AmountError``, ``TimeExpressionError``, ``CaffeineError``, ``EntryError`` or
  ///   ``StoreError`` (no such entry, an unknown type).
  public func run(_ request: Request, in context: CallContext) throws -> EntryChange {
    let volume = try request.amount?.volume(in: context, allowLarge: request.allowLarge)
    let instant = try request.at?.instant(in: context)
    let milligrams = try request.caffeine?.milligrams()
    let (drink, type) = try context.journal.edit(
      id: request.id, drinkName: request.drink, volume: volume, at: instant, note: request.note,
      caffeine: milligrams)
    return EntryChange(drink: drink, typeName: type.name)
  }
}
