import Foundation
import LiquidusModel
import LiquidusPresentation
import LiquidusStore
import LiquidusUseCases

/// The Settings screen's view: the goal, the unit, the first day of the week, and every drink (add,
/// rename, colour, order, offer or not, archive, caffeine, hydration), through the same use
/// cases and with the same rules and messages as the command line.
enum SettingsScreen {
  struct Drink: Sendable {
    var name: String
    var color: String
    var state: String
    var caffeine: String
    var hydration: String
    var enabled: Bool
    var archived: Bool
    var canMoveUp: Bool
    var canMoveDown: Bool
    var positionUp: Int
    var positionDown: Int
  }

  struct Choice: Sendable {
    var value: String
    var label: String
    var selected: Bool
  }

  struct View: Sendable {
    var csrf: String
    var goal: String
    var units: [Choice]
    var weekdays: [Choice]
    var drinks: [Drink]
    var error: String?
    var done: String?
  }

  static func view(_ call: CallContext, csrf: String) throws -> View {
    let settings = call.settings
    let types = try ListDrinkTypes().run(.init(), in: call).types
    let volume = VolumeFormatter(unit: settings.displayUnit, locale: call.calendar.locale)
    return View(
      csrf: csrf, goal: volume.string(settings.dailyGoal),
      units: VolumeUnit.allCases.map {
        Choice(value: $0.rawValue, label: $0.rawValue, selected: $0 == settings.displayUnit)
      },
      weekdays: Weekday.allCases.map {
        Choice(
          value: "\($0)", label: $0.name, selected: $0.rawValue == settings.firstWeekday)
      },
      drinks: types.enumerated().map { index, type in
        Drink(
          name: type.name, color: type.color.hex,
          state: type.isArchived ? "archived" : type.isEnabled ? "offered" : "not offered",
          caffeine: TypeListing.number(type.caffeinePer100mL),
          hydration: TypeListing.number(type.hydrationFactor),
          enabled: type.isEnabled, archived: type.isArchived, canMoveUp: index > 0,
          canMoveDown: index < types.count - 1, positionUp: index, positionDown: index + 2)
      })
  }
}
