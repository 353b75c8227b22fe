import Foundation
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

extension SettingsController {
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

/// A refusal the controller words itself (a colour the picker cannot send, an unknown action).
struct CaffeineOrColorProblem: Error, CustomStringConvertible {
  let text: String
  var description: String { text }
}
