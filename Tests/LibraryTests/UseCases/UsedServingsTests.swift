import Foundation
import Testing

@testable import LiquidusModel
@testable import LiquidusStore
@testable import LiquidusUseCases

/// The servings the page offers as buttons: those a person logs, most used first, counted by
/// the amounts of the last 90 days.
@Suite struct UsedServingsTests {
  private func context(_ store: DrinkStore) throws -> CallContext {
    try CallContext.make(
      store: store, now: try Date("2026-11-20T14:00:00Z", strategy: .iso8601),
      timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US"))
  }

  private func log(_ drink: String, _ amount: String, at: String? = nil, _ call: CallContext) throws
  {
    _ = try LogDrink().run(
      .init(drink: drink, amount: .text(amount), details: .init(at: at.map(TimeInput.text))),
      in: call)
  }

  @Test func mostUsedFirstTwoOfAServingNamedAndOldUsesLeftOut() throws {
    let store = try DrinkStore.inMemory()
    let call = try context(store)
    for _ in 0..<3 { try log("water", "bottle", call) }
    for _ in 0..<2 { try log("water", "glass", call) }
    try log("water", "2 mugs", call)
    try log("coffee", "mug", call)
    try log("water", "123ml", call)  // no serving holds it
    // Long ago: outside the window, so four old cans do not outrank this month's bottles.
    for _ in 0..<4 { try log("water", "can", at: "2026-03-01 09:00", call) }
    let uses = try UsedServings().run(.init(drinks: ["Water", "Coffee"]), in: call)
    #expect(
      uses.map { "\($0.drink) \($0.words) \($0.amount.milliliters) \($0.count)" } == [
        "Water bottle 500.0 3", "Water glass 250.0 2", "Coffee mug 350.0 1",
        "Water 2 mugs 700.0 1",
      ])
    // A drink not asked about is not offered.
    #expect(try UsedServings().run(.init(drinks: ["Coffee"]), in: call).map(\.drink) == ["Coffee"])
    #expect(try UsedServings().run(.init(drinks: ["Water"], limit: 1), in: call).count == 1)
  }

  @Test func aDrinksOwnServingNamesItsAmountBeforeAServingForAnyDrink() throws {
    let store = try DrinkStore.inMemory()
    let call = try context(store)
    try store.addServing(
      Serving(name: "thermos", amount: Volume(milliliters: 500), drinkName: "Coffee"))
    try log("coffee", "500ml", call)
    try log("water", "500ml", call)
    let uses = try UsedServings().run(.init(drinks: ["Coffee", "Water"]), in: call)
    #expect(Set(uses.map { "\($0.drink) \($0.words)" }) == ["Coffee thermos", "Water bottle"])
  }
}
