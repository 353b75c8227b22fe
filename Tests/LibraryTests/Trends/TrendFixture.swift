import Foundation

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

/// A fresh in-memory store with a pinned calendar, and a terse way to log into it.
struct TrendFixture {
  let store: DrinkStore
  let context: CalendarContext

  init(
    now: String = "2026-11-20T18:00:00Z", zone: String = "UTC", firstWeekday: Int = 1,
    clock: ClockStyle? = nil
  ) throws {
    store = try DrinkStore.inMemory()
    let instant = try Date(now, strategy: .iso8601)
    context = CalendarContext(
      now: instant, timeZone: TimeZone(identifier: zone)!, firstWeekday: firstWeekday,
      clock: clock)
  }

  /// Logs `milliliters` of `type` at a local wall time `yyyy-MM-dd HH:mm`.
  @discardableResult
  func log(_ type: String, _ milliliters: Double, at local: String) throws -> Drink {
    let instant = try TimeExpression.parse(local, in: context)
    let typeID = try store.type(named: type).id
    return try store.add(
      Drink(typeID: typeID, volume: Volume(milliliters: milliliters), instant: instant))
  }

  func period(_ expression: String) throws -> Period {
    try PeriodExpression.parse(expression, in: context)
  }

  func report(_ expression: String, types: [String] = []) throws -> TrendReport {
    try TrendEngine(store: store).report(for: period(expression), typeNames: types)
  }
}
