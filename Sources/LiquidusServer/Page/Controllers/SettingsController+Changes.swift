import Foundation
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

extension SettingsController {
  /// A change carried out: what was done, in the server's words, and how to take it back.
  struct Applied: Sendable {
    var done: String
    var undo: PageUndo.Step?
  }

  /// Carries out one posted change through the command line's use cases.
  /// - Throws: the use cases' errors, whose words the screen shows next to the field.
  static func apply(_ form: PageForm, _ call: CallContext) throws -> Applied {
    let name = form["name"] ?? ""
    let value = (form["value"] ?? "").trimmingCharacters(in: .whitespaces)
    switch form["action"] ?? "" {
    case "goal": return try SettingsUndo.goal(form, call)
    case "general": return try SettingsUndo.general(form, call)
    case "caffeine-model": return try SettingsUndo.caffeineModel(form, call)
    case "reminders": return try SettingsUndo.reminders(form, call)
    case "serving-add": return try SettingsUndo.addServing(form, call)
    case "serving-remove": return try SettingsUndo.removeServing(name, call)
    case "serving": return try DrinkUndo.serving(name, value, call)
    case "add": return try DrinkUndo.add(name, call)
    case "rename": return try DrinkUndo.rename(name, to: value, call)
    case "color":
      guard let color = HexColor(value) else {
        throw CaffeineOrColorProblem(text: "'\(value)' is not a colour; use #RRGGBB.")
      }
      return try DrinkUndo.color(name, color, call)
    case "move": return try DrinkUndo.move(name, to: Int(value) ?? 1, call)
    case "enable": return try DrinkUndo.offer(name, true, call)
    case "disable": return try DrinkUndo.offer(name, false, call)
    case "caffeine": return try DrinkUndo.caffeine(name, PageWords.caffeineTyped(value), call)
    case "hydration": return try DrinkUndo.hydration(name, value, call)
    case "archive": return try DrinkUndo.archive(name, call)
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
