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
    let glasses = try logged(
      .init(drink: "water", amount: .serving("glasses", count: 2)), in: call)
    #expect(glasses.drink.volume.milliliters == 500 && glasses.serving == "2 glasses")
    let mug = try logged(.init(drink: "coffee", amount: .text("mug")), in: call)
    #expect(mug.drink.volume.milliliters == 350 && mug.serving == "1 mug")
    // The drink alone: the amount last logged of it.
    let again = try logged(.init(drink: "coffee", amount: nil), in: call)
    #expect(again.drink.volume.milliliters == 350 && again.serving == nil)
    let soda = try logged(.init(drink: "soda", amount: nil), in: call)
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

  /// The receipt of a request that is logged, not replayed.
  private func logged(_ request: LogDrink.Request, in call: CallContext) throws -> LogReceipt {
    try #require(LogDrink().run(request, in: call).receipt)
  }

  @Test func oneTapLogsWhatTheNewestDrinkByTimeWasNotTheNewestRecorded() throws {
    let store = try DrinkStore.inMemory()
    let call = try context(store)
    _ = try logged(.init(drink: "water", amount: .text("350ml")), in: call)
    // An import of an old record is recorded last but was drunk first: it changes nothing.
    _ = try logged(
      .init(drink: "water", amount: .text("260ml"), details: .init(at: .text("yesterday 08:00"))),
      in: call)
    #expect(
      try DefaultServings().run(.init(drinks: ["water", "soda"]), in: call) == [
        Volume(milliliters: 350), Serving.fallback,
      ])
    let tap = try logged(.init(drink: "water", amount: nil), in: call)
    #expect(tap.drink.volume.milliliters == 350)
  }

  @Test func aKeySentAgainIsAnsweredNotLoggedTwice() throws {
    let store = try DrinkStore.inMemory()
    let call = try context(store)
    let token = try store.addToken(named: "phone", digest: "d", now: call.calendar.now)
    let caller = LogDrink.Caller(tokenID: token.id, key: "tap-1", fingerprint: "water 250")
    let first = try LogDrink().run(.init(drink: "water", amount: nil, caller: caller), in: call)
    let again = try LogDrink().run(.init(drink: "water", amount: nil, caller: caller), in: call)
    guard case .logged(let receipt) = first, case .replayed(let earlier?) = again else {
      Issue.record("expected logged then replayed, got \(first) and \(again)")
      return
    }
    #expect(earlier.uid == receipt.drink.uid)
    var other = caller
    other.fingerprint = "water 500"
    #expect(throws: StoreError.requestKeyReused("tap-1")) {
      try LogDrink().run(.init(drink: "water", amount: .text("500ml"), caller: other), in: call)
    }
    #expect(try store.drinks(in: DateInterval(start: .distantPast, end: .distantFuture)).count == 1)
  }
}
