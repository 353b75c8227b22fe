import Foundation
import LiquidusModel
import LiquidusStore

/// The everyday operations on a person's log: record a drink, correct one, see a day at a glance.
///
/// A journal is a store read through a ``CalendarContext``: "today" and "now" mean the context's.
public struct Journal: Sendable {
  /// Where entries live.
  public let store: DrinkStore
  /// The clock and calendar "today" is measured with.
  public let context: CalendarContext

  /// Creates a journal over `store` as seen from `context`.
  public init(store: DrinkStore, context: CalendarContext) {
    self.store = store
    self.context = context
  }

  /// Records a drink and returns it with its day's running total.
  ///
  /// The type lookup, the insert and the total are one transaction, so the total includes this
  /// entry and no concurrent writer's half-done work.
  /// - Parameters:
  ///   - drinkName: a selectable type's name, in any case.
  ///   - volume: how much.
  ///   - instant: when; nil for now. Must not be more than a minute in the future.
  ///   - note: an optional note.
  /// - Throws: ``StoreError`` for an unknown or unselectable type, ``EntryError`` for a bad time.
  ///   - caffeine: the entry's own caffeine in mg; nil for the type's content times the volume.
  ///   - request: the API request that asks, so that its retry finds this entry.
  public func log(
    drinkName: String, volume: Volume, at instant: Date? = nil, note: String? = nil,
    caffeine: Double? = nil, request: RequestKey? = nil
  ) throws -> LogReceipt {
    let instant = instant ?? context.now
    try EntryError.check(instant, in: context)
    var receipt = try store.log(
      drinkName: drinkName, volume: volume, at: instant, note: note,
      day: dayInterval(containing: instant), caffeine: caffeine, now: context.now,
      request: request)
    let target = try store.target(
      on: Day(containing: instant, in: context), goals: receipt.settings.goals)
    receipt.goal = target.amount
    receipt.goalKind = target.kind
    receipt.exercise = target.exercise
    return receipt
  }

  /// Changes an entry's type, amount, time or note; nil leaves a field as it is.
  /// - Returns: the entry as it is now, and its type.
  public func edit(
    id: Drink.ID, drinkName: String? = nil, volume: Volume? = nil, at instant: Date? = nil,
    note: String? = nil, caffeine: Double? = nil
  ) throws -> (Drink, DrinkType) {
    if let instant { try EntryError.check(instant, in: context) }
    return try store.edit(
      id: id, drinkName: drinkName, volume: volume, at: instant, note: note, caffeine: caffeine,
      now: context.now)
  }

  /// The local day around `instant` in the context's calendar.
  func dayInterval(containing instant: Date) -> DateInterval {
    Day(containing: instant, in: context).interval
  }
}
