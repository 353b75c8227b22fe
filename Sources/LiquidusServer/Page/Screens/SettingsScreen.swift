import Foundation
import LiquidusModel
import LiquidusPresentation
import LiquidusStore
import LiquidusUseCases

/// The Settings screen: the goal, the unit, the first day of the week, and every drink (add,
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

  /// Carries out one posted change; returns a sentence saying what was done.
  /// - Throws: the use cases' errors, whose words the screen shows.
  static func apply(_ form: PageForm, _ call: CallContext) throws -> String {
    let name = form["name"] ?? ""
    let value = (form["value"] ?? "").trimmingCharacters(in: .whitespaces)
    func change(_ change: ChangeDrinkType.Change) throws -> String {
      _ = try ChangeDrinkType().run(.init(name, change), in: call)
      return "Saved."
    }
    switch form["action"] ?? "" {
    case "goal":
      let goal = try SetGoal().run(.init(amount: .text(value)), in: call)
      return "The daily goal is "
        + VolumeFormatter(unit: goal.unit, locale: call.calendar.locale).string(goal.goal) + "."
    case "general":
      _ = try ChangeSettings().run(
        .init(
          unit: form["unit"].flatMap(VolumeUnit.init(rawValue:)),
          firstWeekday: form["weekday"].flatMap(Weekday.init(parsing:))), in: call)
      return "Saved."
    case "add":
      return try change(.add(color: HexColor(value)))
    case "rename": return try change(.rename(to: value))
    case "color":
      guard let color = HexColor(value) else {
        throw CaffeineOrColorProblem(text: "'\(value)' is not a colour; use #RRGGBB.")
      }
      return try change(.color(color))
    case "move": return try change(.move(to: Int(value) ?? 1))
    case "enable": return try change(.enable)
    case "disable": return try change(.disable)
    case "caffeine": return try change(.caffeine(value))
    case "hydration": return try change(.hydration(value))
    case "archive": return try change(.delete)
    default:
      throw CaffeineOrColorProblem(text: "That change is not one this page makes.")
    }
  }
}

/// A refusal the screen words itself (a colour the picker cannot send, an unknown action).
struct CaffeineOrColorProblem: Error, CustomStringConvertible {
  let text: String
  var description: String { text }
}
