import Foundation
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

/// The Settings screen's groups beside goal and drinks: servings, reminders, units and clock,
/// caffeine; each with what holds now and the forms that change it.
enum SettingsSections {
  /// `servings`, `servings add`, `servings remove`.
  static func servings(_ call: CallContext, _ volume: VolumeFormatter, _ types: [DrinkType])
    throws -> SettingsSection
  {
    let servings = try ListServings().run(.init(), in: call).servings
    let drinks = types.filter(\.isSelectable).map(\.name)
    return SettingsSection(
      id: "servings", title: "Servings",
      now: servings.map { "\($0.name) \(volume.string($0.amount))" }.joined(separator: ", "),
      note: "The glass, mug or bottle you drink from: a serving named with a drink logs that "
        + "drink alone.",
      forms: servings.map { serving in
        SettingsForm(
          action: "serving-remove", name: serving.name,
          submit: "Remove \(serving.name) (\(volume.string(serving.amount))"
            + (serving.drinkName.map { " of \($0)" } ?? "") + ")", quiet: true)
      } + [
        SettingsForm(
          action: "serving-add",
          fields: [
            .init(
              id: "serving-name", name: "serving", label: "Serving's name", value: "",
              hint: "e.g. mug; a serving of that name changes"),
            .init(
              id: "serving-amount", name: "value", label: "It holds", value: "",
              hint: "e.g. 350 mL"),
            .init(
              id: "serving-drink", name: "drink", label: "Usually of", value: "",
              choices: [.init(value: "", label: "any drink", selected: true)]
                + drinks.map { .init(value: $0, label: $0, selected: false) }),
          ],
          submit: "Add the serving")
      ])
  }

  /// `remind --every --from --until --mode --on/--off`.
  static func reminders(_ call: CallContext) throws -> SettingsSection {
    let settings = try ChangeReminders().run(.init(), in: call).settings
    let clock = call.calendar.clock
    return SettingsSection(
      id: "reminders", title: "Reminders", now: ReminderWords.describe(settings, clock),
      note: "Delivered by `liquidus remind tick` on the computer that runs the server, and by "
        + "the server to the phones below.",
      forms: [
        SettingsForm(
          action: "reminders",
          fields: [
            .init(
              id: "remind-on", name: "enabled", label: "Reminders", value: "",
              choices: [
                .init(value: "on", label: "on", selected: settings.isEnabled),
                .init(value: "off", label: "off", selected: !settings.isEnabled),
              ]),
            .init(
              id: "remind-every", name: "every", label: "Wait after a drink",
              value: settings.everyText,
              hint: "the shortest and longest wait, e.g. 60m-120m, or one, e.g. 90m"),
            .init(
              id: "remind-mode", name: "mode", label: "Remind", value: "",
              choices: [
                .init(
                  value: ReminderSettings.Mode.afterDrink.rawValue,
                  label: "after each drink, sooner when behind pace",
                  selected: settings.mode == .afterDrink),
                .init(
                  value: ReminderSettings.Mode.fixed.rawValue, label: "on a fixed schedule",
                  selected: settings.mode == .fixed),
              ]),
            .init(
              id: "remind-from", name: "from", label: "Awake from",
              value: PageClock.text(settings.from, clock)),
            .init(
              id: "remind-until", name: "until", label: "Quiet from",
              value: PageClock.text(settings.until, clock),
              hint: "no reminders between these two times; the quiet hours may end after midnight"),
          ],
          submit: "Save the reminders")
      ], phoneRemindersFollow: true)
  }

  /// `config --unit --first-weekday --clock`.
  static func units(_ call: CallContext) -> SettingsSection {
    let settings = call.settings
    let weekday = Weekday(rawValue: settings.firstWeekday)?.name ?? "Sunday"
    let clock =
      settings.clock.map { "\($0.name) clock" }
      ?? "\(call.calendar.clock.name) clock, as the language has it"
    return SettingsSection(
      id: "units", title: "Units and clock",
      now: "Amounts in \(settings.displayUnit.rawValue), weeks from \(weekday), \(clock)",
      forms: [
        SettingsForm(
          action: "general",
          fields: [
            .init(
              id: "unit", name: "unit", label: "Amounts in", value: "",
              choices: VolumeUnit.allCases.map {
                .init(value: $0.rawValue, label: $0.rawValue, selected: $0 == settings.displayUnit)
              }),
            .init(
              id: "weekday", name: "weekday", label: "Weeks start on", value: "",
              choices: Weekday.allCases.map {
                .init(
                  value: "\($0)", label: $0.name, selected: $0.rawValue == settings.firstWeekday)
              }),
            .init(
              id: "clock", name: "clock", label: "Clock", value: "",
              choices: [
                .init(
                  value: "auto", label: "as the language has it", selected: settings.clock == nil),
                .init(
                  value: "12h", label: "12-hour (7:30 PM)", selected: settings.clock == .twelveHour),
                .init(
                  value: "24h", label: "24-hour (19:30)",
                  selected: settings.clock == .twentyFourHour),
              ]),
          ],
          submit: "Save")
      ])
  }

  /// `config --caffeine-half-life --caffeine-limit --caffeine-sleep-level`.
  static func caffeine(_ call: CallContext) -> SettingsSection {
    let settings = call.settings
    let limit = CaffeineText.milligrams(settings.caffeineLimitMg)
    let sleep = CaffeineText.milligrams(settings.caffeineSleepLevelMg)
    let hours = settings.caffeineHalfLifeHours
    let halfLife =
      hours == hours.rounded() ? PageWords.number(hours) + "h" : "\(Int((hours * 60).rounded()))m"
    return SettingsSection(
      id: "caffeine", title: "Caffeine",
      now: "At most \(limit) a day; sleep below \(sleep); half gone in \(halfLife)",
      forms: [
        SettingsForm(
          action: "caffeine-model",
          fields: [
            .init(
              id: "caffeine-limit", name: "limit", label: "Most caffeine a day",
              value: limit.replacingOccurrences(of: " ", with: ""),
              hint: "400mg is the EFSA and FDA guidance for healthy adults"),
            .init(
              id: "caffeine-sleep", name: "sleep", label: "Sleep is undisturbed below",
              value: sleep.replacingOccurrences(of: " ", with: "")),
            .init(
              id: "caffeine-half-life", name: "halfLife", label: "The body clears half of it in",
              value: halfLife, hint: "about 2h to 10h between people; 5h if you do not know"),
          ],
          submit: "Save the caffeine settings")
      ])
  }
}
