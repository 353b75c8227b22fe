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
    let name = try call.store.allTypes().first { $0.id == drink.typeID }?.name ?? "?"
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
    // The entry's day's own goal (its exercise included) or limit, as status reads it: a limit
    // counts every drink whole, and what is left may go below zero.
    let goal = receipt.goal
    let isLimit = receipt.goalKind == .limit
    let counted = isLimit ? receipt.dayTotal : receipt.dayHydration
    total = volume.value(receipt.dayTotal)
    hydration = volume.value(receipt.dayHydration)
    self.goal = volume.value(goal)
    percent = Percent.value(counted.milliliters, of: goal.milliliters)
    let left = goal.milliliters - counted.milliliters
    remaining = volume.value(Volume(milliliters: isLimit ? left : max(0, left)))
    goalMet = isLimit ? counted <= goal : counted >= goal
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
