import LiquidusModel
import LiquidusStore

/// Adds a serving (or changes one): `servings add mug 350ml --drink coffee`.
public struct AddServing: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    public var name: String
    public var amount: AmountInput
    /// The drink it usually holds, so that the serving alone logs it; nil for any.
    public var drink: String?

    public init(name: String, amount: AmountInput, drink: String? = nil) {
      (self.name, self.amount, self.drink) = (name, amount, drink)
    }
  }

  /// Reads the amount (an entry's limits), then stores the serving.
  /// - Throws: ``AmountError``, ``ServingError`` (a drink's name, a bad name) or
  ///   ``StoreError`` (an unknown drink); nothing is stored then.
  public func run(_ request: Request, in context: CallContext) throws -> Serving {
    let volume = try request.amount.volume(in: context, allowLarge: false)
    let serving = Serving(name: request.name, amount: volume, drinkName: request.drink)
    try context.store.addServing(serving)
    return try context.store.serving(named: request.name) ?? serving
  }
}
