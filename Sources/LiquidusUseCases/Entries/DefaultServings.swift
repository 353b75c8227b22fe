import LiquidusModel
import LiquidusStore

/// What one tap of a drink logs: `liquidus log water` with no amount, a drink's button on the
/// page, and "Log" on a reminder all ask this one rule, so the three never disagree.
///
/// The drink's own serving (`types serving water 300ml`), else the amount of its newest entry
/// by when it was drunk (a bulk import of last year's records does not change it), else
/// 250 mL.
public struct DefaultServings: UseCase {
  public init() {}

  /// The drinks asked about, by name in any case.
  public struct Request: Sendable, Hashable {
    public var drinks: [String]

    /// Creates a request.
    public init(drinks: [String]) {
      self.drinks = drinks
    }
  }

  /// The amount for each drink asked about, in the order asked.
  /// - Throws: ``StoreError`` for a name that is not a drink type.
  public func run(_ request: Request, in context: CallContext) throws -> [Volume] {
    try context.store.defaultServings(ofTypes: request.drinks)
  }
}
