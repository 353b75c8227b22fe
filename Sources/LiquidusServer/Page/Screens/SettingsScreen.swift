import Foundation
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

/// The Settings screen's view: everything `liquidus goal`, `servings`, `types`, `remind` and
/// `config` set, grouped as a person looks for it (goal and limit, servings, drinks,
/// reminders, units and clock, caffeine), each group a line of what holds now that opens to
/// its forms, each drink a row that opens to its own. The same use cases, rules and messages
/// as the command line.
struct SettingsScreen: Sendable {
  struct Drink: Sendable {
    var id: String
    var name: String
    var color: String
    var state: String
    var forms: [SettingsForm]
    var open = false
  }

  struct View: Sendable {
    var csrf: String
    var before: [SettingsSection]
    var drinks: [Drink]
    var addDrink: SettingsForm
    var after: [SettingsSection]
    var error: String?
    var done: String?
    /// The last change made from this page, which "Undo" takes back.
    var undo: String?

    /// Shows the refused form as it was typed, with `words` next to the field they concern
    /// and its group open; a refusal no form can hold goes at the top.
    mutating func refuse(_ words: String, posted: PageForm) {
      let action = posted["action"] ?? ""
      let name = posted["name"]
      func retype(_ form: inout SettingsForm) -> Bool {
        guard form.action == action, form.name == nil || form.name == name else { return false }
        for index in form.fields.indices {
          guard let typed = posted[form.fields[index].name] else { continue }
          form.fields[index].value = typed
          for choice in form.fields[index].choices.indices {
            form.fields[index].choices[choice].selected =
              form.fields[index].choices[choice].value == typed
          }
        }
        return form.refuse(words)
      }
      for section in [\View.before, \View.after] {
        for index in self[keyPath: section].indices {
          for form in self[keyPath: section][index].forms.indices
          where retype(&self[keyPath: section][index].forms[form]) {
            self[keyPath: section][index].open = true
            return
          }
        }
      }
      for index in drinks.indices {
        for form in drinks[index].forms.indices where retype(&drinks[index].forms[form]) {
          drinks[index].open = true
          return
        }
      }
      if retype(&addDrink) { return }
      error = words
    }

    /// Opens the group the change just made belongs to, so the person sees it took.
    mutating func opening(_ posted: PageForm) {
      let action = posted["action"] ?? ""
      for section in [\View.before, \View.after] {
        for index in self[keyPath: section].indices
        where self[keyPath: section][index].forms.contains(where: { $0.action == action }) {
          self[keyPath: section][index].open = true
          return
        }
      }
      if let index = drinks.firstIndex(where: { $0.name == posted["name"] }) {
        drinks[index].open = true
      }
    }
  }

  static func view(_ call: CallContext, csrf: String) throws -> View {
    let types = try ListDrinkTypes().run(.init(), in: call).types
    let selectable = types.filter(\.isSelectable)
    let servings = try DefaultServings().run(.init(drinks: selectable.map(\.name)), in: call)
    let logs = Dictionary(uniqueKeysWithValues: zip(selectable.map(\.name), servings))
    let volume = VolumeFormatter(unit: call.settings.displayUnit, locale: call.calendar.locale)
    return View(
      csrf: csrf,
      before: [try goal(call, volume), try SettingsSections.servings(call, volume, types)],
      drinks: types.enumerated().map { index, type in
        drink(type, index: index, count: types.count, logs: logs[type.name], volume)
      },
      addDrink: SettingsForm(
        action: "add",
        fields: [.init(id: "new-drink", name: "name", label: "New drink's name", value: "")],
        submit: "Add the drink"),
      after: [
        try SettingsSections.reminders(call), SettingsSections.units(call),
        SettingsSections.caffeine(call),
      ])
  }

  /// Goal and limit: the amount, whether it is a goal or a limit, water for exercise, from when.
  static func goal(_ call: CallContext, _ volume: VolumeFormatter) throws -> SettingsSection {
    let shown = try SetGoal().run(.init(amount: nil), in: call)
    let exercise = exerciseText(shown.perWorkout, volume)
    let now =
      (shown.kind == .limit ? "A limit of " : "A goal of ") + volume.string(shown.goal) + " a day"
      + (exercise.map { ", plus \($0) of exercise" } ?? "")
    return SettingsSection(
      id: "goal", title: "Goal and limit", now: now,
      note: "A limit is for people whose doctor limits their fluids: nothing then pushes you "
        + "to drink more. A change holds from its day on; earlier days keep theirs.",
      forms: [
        SettingsForm(
          action: "goal",
          fields: [
            .init(
              id: "goal", name: "value", label: "Amount a day", value: volume.string(shown.goal)),
            .init(
              id: "goal-kind", name: "kind", label: "It is", value: "",
              choices: [
                .init(value: "goal", label: "a goal to reach", selected: shown.kind == .goal),
                .init(
                  value: "limit", label: "a limit to stay within", selected: shown.kind == .limit),
              ]),
            .init(
              id: "goal-exercise", name: "perWorkout", label: "More water for exercise",
              value: exercise ?? "off", hint: "e.g. 250 mL/30min, or off"),
            .init(
              id: "goal-from", name: "from", label: "From", value: "today",
              hint: "today, yesterday or a day such as 2026-11-01"),
          ],
          submit: "Set the goal")
      ])
  }

  /// Water for exercise as the field shows it: `250 mL/30min`; nil when off.
  static func exerciseText(_ allowance: WorkoutAllowance?, _ volume: VolumeFormatter) -> String? {
    allowance.map { volume.string($0.amount) + "/" + PageWords.number($0.minutes) + "min" }
  }

  static func drink(
    _ type: DrinkType, index: Int, count: Int, logs: Volume?, _ volume: VolumeFormatter
  ) -> Drink {
    let name = type.name
    let id = "drink-\(type.id.rawValue)"
    let state =
      type.isArchived ? "archived" : type.isEnabled ? "offered" : "not offered on Today"
    var forms = [
      SettingsForm(
        action: "rename", name: name,
        fields: [.init(id: id + "-name", name: "value", label: "Name", value: name)],
        submit: "Rename \(name)"),
      SettingsForm(
        action: "color", name: name,
        fields: [.init(id: id + "-color", name: "value", label: "Colour", value: type.color.hex)],
        submit: "Set \(name)'s colour"),
      SettingsForm(
        action: "caffeine", name: name,
        fields: [
          .init(
            id: id + "-caffeine", name: "value", label: "Caffeine in 100 mL",
            value: PageWords.caffeineField(type.caffeinePer100mL),
            hint: "e.g. 40 mg, or per serving: 95mg/cup")
        ],
        submit: "Set \(name)'s caffeine"),
      SettingsForm(
        action: "hydration", name: name,
        fields: [
          .init(
            id: id + "-hydration", name: "value", label: "How much of it counts toward the goal",
            value: PageWords.number(type.hydrationFactor),
            hint: "1 counts it in full, 1.5 half again (milk), 0 not at all", inputmode: "decimal")
        ],
        submit: "Set how \(name) counts"),
    ]
    if let logs {
      forms.insert(
        SettingsForm(
          action: "serving", name: name,
          fields: [
            .init(
              id: id + "-serving", name: "value", label: "One tap logs", value: volume.string(logs),
              hint: "an amount, or a serving such as mug")
          ],
          submit: "Set what \(name) logs"), at: 1)
    }
    if index > 0 {
      forms.append(
        SettingsForm(
          action: "move", name: name, value: "\(index)", submit: "Move \(name) up", quiet: true))
    }
    if index < count - 1 {
      forms.append(
        SettingsForm(
          action: "move", name: name, value: "\(index + 2)", submit: "Move \(name) down",
          quiet: true))
    }
    if !type.isArchived {
      forms.append(
        type.isEnabled
          ? SettingsForm(
            action: "disable", name: name, submit: "Stop offering \(name)", quiet: true)
          : SettingsForm(action: "enable", name: name, submit: "Offer \(name) again", quiet: true))
      forms.append(
        SettingsForm(action: "archive", name: name, submit: "Archive \(name)", quiet: true))
    }
    let summary = [
      state, PageWords.caffeine(type.caffeinePer100mL), PageWords.hydration(type.hydrationFactor),
    ]
    return Drink(
      id: id, name: name, color: type.color.hex,
      state: (summary + (logs.map { ["a tap logs \(volume.string($0))"] } ?? []))
        .joined(separator: " · "),
      forms: forms)
  }
}
