import Foundation
import LiquidusModel
import LiquidusStore

/// The servings a person actually logs, most used first: the page offers each as a button
/// (`Water · bottle 750 mL`) beside the drink's own one-tap amount.
///
/// An entry does not record the serving it was logged as, so a serving's uses are the entries
/// of its drink holding its amount over the last ``window`` (a bulk import of old records
/// does not count). An amount that is two of a serving (500 mL, two 250 mL glasses) counts as
/// `2 glasses` when no serving holds it alone.
public struct UsedServings: UseCase {
  public init() {}

  /// How far back uses count.
  public static let window: TimeInterval = 90 * 86_400

  /// The drinks asked about, by name in any case, and how many servings to name at most.
  public struct Request: Sendable, Hashable {
    public var drinks: [String]
    public var limit: Int

    public init(drinks: [String], limit: Int = 6) {
      self.drinks = drinks
      self.limit = limit
    }
  }

  /// One serving of one drink: what to log (`drink` and the serving's words, which `log` reads
  /// as it reads `liquidus log water bottle`), how much that is, and how often it was used.
  public struct Use: Sendable, Hashable {
    public var drink: String
    public var words: String
    public var amount: Volume
    public var count: Int
  }

  public func run(_ request: Request, in context: CallContext) throws -> [Use] {
    let drinks = Dictionary(
      request.drinks.map { (DrinkType.nameKey($0), $0) }
    ) { first, _ in first }
    let servings = try context.store.servings()
    let since = context.calendar.now.addingTimeInterval(-Self.window)
    var uses: [Use] = []
    for use in try context.store.amountUses(since: since) {
      guard let drink = drinks[DrinkType.nameKey(use.drinkName)] else { continue }
      let fitting = servings.filter {
        $0.drinkName.map { DrinkType.nameKey($0) == DrinkType.nameKey(drink) } ?? true
      }
      // A drink's own serving before one for any drink, when both hold the amount.
      let ordered = fitting.sorted { ($0.drinkName != nil ? 0 : 1) < ($1.drinkName != nil ? 0 : 1) }
      if let one = ordered.first(where: { Self.same($0.amount, use.amount) }) {
        uses.append(Use(drink: drink, words: one.name, amount: use.amount, count: use.count))
      } else if let half = ordered.first(where: {
        Self.same(Volume(milliliters: $0.amount.milliliters * 2), use.amount)
      }) {
        uses.append(
          Use(
            drink: drink, words: "2 \(Self.plural(half.name))", amount: use.amount, count: use.count
          ))
      }
    }
    return Array(
      uses.sorted {
        ($0.count, $1.drink, $1.words) > ($1.count, $0.drink, $0.words)
      }.prefix(request.limit))
  }

  /// Amounts equal to the 0.01 mL the store keeps.
  public static func same(_ left: Volume, _ right: Volume) -> Bool {
    abs(left.milliliters - right.milliliters) < 0.005
  }

  /// `glasses`, `mugs`: the plural that ``Serving/singulars(of:)`` reads back.
  static func plural(_ name: String) -> String {
    let lower = name.lowercased()
    return ["s", "x", "z", "ch", "sh"].contains { lower.hasSuffix($0) } ? name + "es" : name + "s"
  }
}
