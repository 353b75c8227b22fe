import Foundation
import LiquidusModel
import LiquidusPresentation
import LiquidusSources
import LiquidusStore
import LiquidusUseCases

/// One entry, as the JSON export writes it.
struct EntryAnswer: Encodable, Sendable {
  var entry: ExportedEntry

  static func make(_ drink: Drink, _ call: CallContext) throws -> EntryAnswer {
    let name = DrinkTypeNames(try call.store.allTypes())[drink.typeID]
    return EntryAnswer(
      entry: DrinkExport(format: .json, timeZone: call.calendar.timeZone).entry(
        drink, typeName: name))
  }
}

/// A logged drink and its day's progress, in `status --format json`'s words.
struct LoggedAnswer: Encodable, Sendable {
  var entry: ExportedEntry
  var day: DayProgress

  init(receipt: LogReceipt, timeZone: TimeZone) {
    entry = DrinkExport(format: .json, timeZone: timeZone).entry(
      receipt.drink, typeName: receipt.type.name)
    day = DayProgress(receipt: receipt, timeZone: timeZone)
  }
}

/// The day a drink was logged in, against the goal.
struct DayProgress: Encodable, Sendable {
  var date: String
  var unit = "mL"
  var total: Double
  var hydration: Double
  var goal: Double
  var percent: Int
  var remaining: Double
  var goalMet: Bool
  var caffeineMg: Double

  init(receipt: LogReceipt, timeZone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: receipt.day.start)
    date = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    let volume = MachineVolume()
    // The entry's day's own goal (its exercise included) or limit, as the receipt counts it.
    total = volume.value(receipt.dayTotal)
    hydration = volume.value(receipt.dayHydration)
    goal = volume.value(receipt.goal)
    percent = Percent.value(receipt.counted.milliliters, of: receipt.goal.milliliters)
    remaining = volume.value(receipt.remaining)
    goalMet = receipt.goalMet
    caffeineMg = CaffeineText.value(receipt.dayCaffeine)
  }
}

/// `GET /api/drinks`: the period's entries.
struct EntryList: Encodable, Sendable {
  var period: String
  var entries: [ExportedEntry]
  /// Entries that could not be read and are missing from `entries`.
  var leftOut: Int
}
