import LiquidusModel
import LiquidusStore

/// Sets what `log water` alone logs of a drink: `types serving water 300ml`.
public struct SetDefaultServing: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    public var drink: String
    public var amount: AmountInput
    public init(drink: String, amount: AmountInput) { (self.drink, self.amount) = (drink, amount) }
  }

  /// The drink as its type is named, and the amount one tap of it now logs.
  public struct View: Sendable {
    public var drink: String
    public var volume: Volume
  }

  /// The amount stored, after reading it with an entry's limits (a serving's name works too).
  /// - Throws: ``AmountError``, ``ServingError`` or ``StoreError`` (an unknown drink).
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let volume = try request.amount.volumeAndServing(in: context, allowLarge: false).volume
    try context.store.setDefaultServing(volume, ofType: request.drink)
    return View(drink: try context.store.type(named: request.drink).name, volume: volume)
  }
}
