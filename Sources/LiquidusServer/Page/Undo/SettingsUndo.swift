import Foundation
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

/// The Settings screen's changes of goal, units, caffeine, reminders and servings, each with
/// the change that takes it back: the settings as they were, set again through the same use
/// case.
enum SettingsUndo {
  typealias Applied = SettingsController.Applied

  static func text(_ form: PageForm, _ name: String) -> String {
    (form[name] ?? "").trimmingCharacters(in: .whitespaces)
  }

  /// `Daily goal set to 2,500 mL.`, as `liquidus goal` says it.
  static func goalWords(_ goal: SetGoal.View, _ call: CallContext) -> String {
    let volume = VolumeFormatter(unit: goal.unit, locale: call.calendar.locale)
    let exercise = goal.perWorkout.map {
      ", plus \(volume.string($0.amount)) for every \(PageWords.number($0.minutes)) min of exercise"
    }
    let noun = goal.kind == .limit ? "Daily limit" : "Daily goal"
    let day = goal.fromToday ? "" : goal.from.map { " from \($0)" } ?? ""
    return "\(noun) set to \(volume.string(goal.goal))\(exercise ?? "")\(day)."
  }

  static func goal(_ form: PageForm, _ call: CallContext) throws -> Applied {
    let before = try SetGoal().run(.init(amount: nil), in: call)
    let volume = VolumeFormatter(unit: call.settings.displayUnit, locale: call.calendar.locale)
    let kind: GoalKind = text(form, "kind") == "limit" ? .limit : .goal
    // The exercise field sent back as shown changes nothing; under a limit it adds nothing.
    let exercise = text(form, "perWorkout")
    let shownExercise = SettingsScreen.exerciseText(before.perWorkout, volume) ?? "off"
    let perWorkout =
      kind == .limit || exercise.isEmpty || exercise == shownExercise
      ? nil : exercise.replacingOccurrences(of: " ", with: "")
    let from = text(form, "from")
    let goal = try SetGoal().run(
      .init(
        amount: .text(text(form, "value")), from: from.isEmpty || from == "today" ? nil : from,
        kind: kind, perWorkout: perWorkout), in: call)
    let said = goalWords(goal, call)
    let rate = before.perWorkout.map {
      "\(MachineVolume().value($0.amount))ml/\(PageWords.number($0.minutes))min"
    }
    return Applied(
      done: said,
      undo: .init(said: said) { call in
        goalWords(
          try SetGoal().run(
            .init(
              amount: .volume(before.goal), from: goal.from, kind: before.kind,
              perWorkout: before.kind == .limit ? nil : rate ?? "off"), in: call), call)
      })
  }

  /// `Amounts in mL, weeks from Sunday, 12-hour clock.`
  static func generalWords(_ settings: Settings, _ call: CallContext) -> String {
    let weekday = Weekday(rawValue: settings.firstWeekday)?.name ?? "Sunday"
    let clock = settings.clock.map { "\($0.name) clock" } ?? "the language's clock"
    return "Amounts in \(settings.displayUnit.rawValue), weeks from \(weekday), \(clock)."
  }

  static func general(_ form: PageForm, _ call: CallContext) throws -> Applied {
    let before = call.settings
    let clock = form["clock"].map {
      ClockStyle(parsing: $0).map(ChangeSettings.ClockChoice.always) ?? .locale
    }
    let after = try ChangeSettings().run(
      .init(
        unit: form["unit"].flatMap(VolumeUnit.init(rawValue:)),
        firstWeekday: form["weekday"].flatMap(Weekday.init(parsing:)), clock: clock), in: call)
    return Applied(
      done: generalWords(after, call),
      undo: .init(said: generalWords(after, call)) { call in
        generalWords(
          try ChangeSettings().run(
            .init(
              unit: before.displayUnit, firstWeekday: Weekday(rawValue: before.firstWeekday),
              clock: before.clock.map(ChangeSettings.ClockChoice.always) ?? .locale), in: call),
          call)
      })
  }

  static func caffeineWords(_ settings: Settings) -> String {
    "Caffeine: at most \(CaffeineText.milligrams(settings.caffeineLimitMg)) a day, sleep below "
      + "\(CaffeineText.milligrams(settings.caffeineSleepLevelMg)), half gone in "
      + "\(PageWords.number(settings.caffeineHalfLifeHours)) h."
  }

  static func caffeineModel(_ form: PageForm, _ call: CallContext) throws -> Applied {
    let before = call.settings
    let shown = SettingsSections.caffeine(call).forms[0].fields
    // Only what was changed is read: a value sent back as shown stays as it is.
    func typed(_ name: String) -> String? {
      let value = text(form, name)
      return value.isEmpty || shown.contains(where: { $0.name == name && $0.value == value })
        ? nil : value
    }
    let after = try ChangeSettings().run(
      .init(
        caffeineHalfLife: typed("halfLife"), caffeineLimit: typed("limit"),
        caffeineSleepLevel: typed("sleep")), in: call)
    return Applied(
      done: caffeineWords(after),
      undo: .init(said: caffeineWords(after)) { call in
        caffeineWords(
          try ChangeSettings().run(
            .init(
              caffeineHalfLife: "\(Int((before.caffeineHalfLifeHours * 60).rounded()))m",
              caffeineLimit: "\(before.caffeineLimitMg)mg",
              caffeineSleepLevel: "\(before.caffeineSleepLevelMg)mg"), in: call))
      })
  }

  static func reminders(_ form: PageForm, _ call: CallContext) throws -> Applied {
    let before = try ChangeReminders().run(.init(), in: call).settings
    func clock(_ name: String) throws -> WallClockTime? {
      let typed = text(form, name)
      if typed.isEmpty { return nil }
      guard let time = WallClockTime(parsing: PageClock.twentyFourHour(typed)) else {
        throw ReminderError.unreadableClockTime(typed)
      }
      return time
    }
    let every = text(form, "every")
    let interval = try every.isEmpty ? nil : ReminderInterval.parseRange(every)
    let mode = try form["mode"].map { text throws(ReminderError) in
      guard let mode = ReminderSettings.Mode(rawValue: text) else {
        throw ReminderError.unknownMode(text)
      }
      return mode
    }
    let after = try ChangeReminders().run(
      .init(
        interval: interval.map { $0.0...$0.1 }, from: try clock("from"), until: try clock("until"),
        mode: mode, enabled: form["enabled"].map { $0 == "on" }), in: call)
    let said = ReminderWords.describe(after.settings, call.calendar.clock)
    return Applied(
      done: said,
      undo: .init(said: said) { call in
        ReminderWords.describe(
          try ChangeReminders().run(
            .init(
              interval: before.minimumInterval...before.maximumInterval, from: before.from,
              until: before.until, mode: before.mode, enabled: before.isEnabled), in: call
          ).settings, call.calendar.clock)
      })
  }

  static func servingWords(_ serving: Serving, _ call: CallContext) -> String {
    let volume = VolumeFormatter(unit: call.settings.displayUnit, locale: call.calendar.locale)
    return "Serving \(serving.name): \(volume.string(serving.amount))"
      + (serving.drinkName.map { " of \($0)" } ?? "") + "."
  }

  static func serving(named name: String, _ call: CallContext) throws -> Serving? {
    try ListServings().run(.init(), in: call).servings.first {
      $0.name.lowercased() == name.lowercased()
    }
  }

  static func addServing(_ form: PageForm, _ call: CallContext) throws -> Applied {
    let name = text(form, "serving")
    let before = try serving(named: name, call)
    let drink = text(form, "drink")
    let added = try AddServing().run(
      .init(name: name, amount: .text(text(form, "value")), drink: drink.isEmpty ? nil : drink),
      in: call)
    let said = servingWords(added, call)
    return Applied(
      done: said,
      undo: .init(said: said) { call in
        guard let before else {
          try RemoveServing().run(.init(name: added.name), in: call)
          return "Removed the serving \(added.name)."
        }
        return servingWords(try restore(before, call), call)
      })
  }

  static func restore(_ serving: Serving, _ call: CallContext) throws -> Serving {
    try AddServing().run(
      .init(name: serving.name, amount: .volume(serving.amount), drink: serving.drinkName),
      in: call)
  }

  static func removeServing(_ name: String, _ call: CallContext) throws -> Applied {
    let before = try serving(named: name, call)
    try RemoveServing().run(.init(name: name), in: call)
    let said = "Removed the serving \(before?.name ?? name)."
    return Applied(
      done: said,
      undo: before.map { before in
        .init(said: said) { call in "Back: " + servingWords(try restore(before, call), call) }
      })
  }
}
