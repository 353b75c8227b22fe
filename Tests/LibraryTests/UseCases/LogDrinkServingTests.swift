import Foundation
import Testing

@testable import LiquidusModel
@testable import LiquidusStore
@testable import LiquidusUseCases

/// Serving resolution lives in `LogDrink`, so every front end (the command line, a server)
/// reads `mug` and `2 glasses` alike.
@Suite struct LogDrinkServingTests {
  private func context(_ store: DrinkStore) throws -> CallContext {
    try CallContext.make(
      store: store, now: try Date("2026-11-20T14:00:00Z", strategy: .iso8601),
      timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US"))
  }

  @Test func aServingByNameOrInWordsAndADrinkAlone() throws {
    let store = try DrinkStore.inMemory()
    let call = try context(store)
    let glasses = try LogDrink().run(
      .init(drink: "water", amount: .serving("glasses", count: 2)), in: call)
    #expect(glasses.drink.volume.milliliters == 500 && glasses.serving == "2 glasses")
    let mug = try LogDrink().run(.init(drink: "coffee", amount: .text("mug")), in: call)
    #expect(mug.drink.volume.milliliters == 350 && mug.serving == "1 mug")
    // The drink alone: the amount last logged of it.
    let again = try LogDrink().run(.init(drink: "coffee", amount: nil), in: call)
    #expect(again.drink.volume.milliliters == 350 && again.serving == nil)
    let soda = try LogDrink().run(.init(drink: "soda", amount: nil), in: call)
    #expect(soda.drink.volume == Serving.fallback)
  }

  @Test func anUnknownServingChangesNothing() throws {
    let store = try DrinkStore.inMemory()
    #expect(throws: ServingError.self) {
      try LogDrink().run(
        .init(drink: "water", amount: .serving("jug", count: 1)), in: context(store))
    }
    #expect(try store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture)).isEmpty)
  }
}
