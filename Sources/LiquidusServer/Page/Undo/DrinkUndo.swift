import Foundation
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

/// The Settings screen's changes to one drink, each with the change that takes it back:
/// the drink as it was, set again through `ChangeDrinkType` or `SetDefaultServing`.
enum DrinkUndo {
  typealias Applied = SettingsController.Applied

  static func type(_ name: String, _ call: CallContext) throws -> DrinkType? {
    try ListDrinkTypes().run(.init(), in: call).types.first {
      $0.name.lowercased() == name.lowercased()
    }
  }

  static func change(_ name: String, _ change: ChangeDrinkType.Change, _ call: CallContext) throws {
    _ = try ChangeDrinkType().run(.init(name, change), in: call)
  }

  /// A change whose undo is another change of the same drink, both said the same way.
  static func both(
    _ done: String, _ undone: String, name: String, _ forward: ChangeDrinkType.Change,
    back: ChangeDrinkType.Change, _ call: CallContext
  ) throws -> Applied {
    try change(name, forward, call)
    return Applied(
      done: done,
      undo: .init(said: done) { call in
        try change(name, back, call)
        return undone
      })
  }

  static func add(_ name: String, _ call: CallContext) throws -> Applied {
    let view = try ChangeDrinkType().run(.init(name, .add(color: nil)), in: call)
    guard case .added(let type, let restored) = view else { return Applied(done: "Saved.") }
    let said = restored ? "\(type.name) is offered again." : "Added \(type.name)."
    return Applied(
      done: said,
      undo: .init(said: said) { call in
        try change(type.name, .delete, call)
        return restored ? "\(type.name) is archived again." : "Removed \(type.name)."
      })
  }

  static func rename(_ name: String, to newName: String, _ call: CallContext) throws -> Applied {
    let before = try type(name, call)?.name ?? name
    try change(before, .rename(to: newName), call)
    let said = "Renamed \(before) to \(newName)."
    return Applied(
      done: said,
      undo: .init(said: said) { call in
        try change(newName, .rename(to: before), call)
        return "\(newName) is \(before) again."
      })
  }

  static func color(_ name: String, _ color: HexColor, _ call: CallContext) throws -> Applied {
    guard let before = try type(name, call) else {
      try change(name, .color(color), call)
      return Applied(done: "Saved.")
    }
    return try both(
      "\(before.name)'s colour is \(color.hex).",
      "\(before.name)'s colour is \(before.color.hex) again.",
      name: before.name, .color(color), back: .color(before.color), call)
  }

  static func move(_ name: String, to position: Int, _ call: CallContext) throws -> Applied {
    let types = try ListDrinkTypes().run(.init(), in: call).types
    let before = (types.firstIndex { $0.name.lowercased() == name.lowercased() } ?? 0) + 1
    return try both(
      "Moved \(name) to place \(position).", "\(name) is in place \(before) again.", name: name,
      .move(to: position), back: .move(to: before), call)
  }

  static func offer(_ name: String, _ offered: Bool, _ call: CallContext) throws -> Applied {
    try both(
      offered ? "\(name) is offered on Today again." : "\(name) is no longer offered on Today.",
      offered ? "\(name) is no longer offered on Today." : "\(name) is offered on Today again.",
      name: name, offered ? .enable : .disable, back: offered ? .disable : .enable, call)
  }

  static func caffeine(_ name: String, _ typed: String, _ call: CallContext) throws -> Applied {
    let before = try type(name, call)?.caffeinePer100mL ?? 0
    let view = try ChangeDrinkType().run(.init(name, .caffeine(typed)), in: call)
    guard case .caffeine(let type, let content) = view else { return Applied(done: "Saved.") }
    let said = "\(type.name): \(PageWords.caffeine(content))."
    return Applied(
      done: said,
      undo: .init(said: said) { call in
        try change(type.name, .caffeine("\(before)mg/100ml"), call)
        return "\(type.name): \(PageWords.caffeine(before)) again."
      })
  }

  static func hydration(_ name: String, _ typed: String, _ call: CallContext) throws -> Applied {
    let before = try type(name, call)?.hydrationFactor ?? 1
    let view = try ChangeDrinkType().run(.init(name, .hydration(typed)), in: call)
    guard case .hydration(let type, let factor) = view else { return Applied(done: "Saved.") }
    let said = "\(type.name) \(PageWords.hydration(factor))."
    return Applied(
      done: said,
      undo: .init(said: said) { call in
        try change(type.name, .hydration("\(before)"), call)
        return "\(type.name) \(PageWords.hydration(before)) again."
      })
  }

  static func serving(_ name: String, _ typed: String, _ call: CallContext) throws -> Applied {
    let before = try DefaultServings().run(.init(drinks: [name]), in: call)[0]
    let set = try SetDefaultServing().run(.init(drink: name, amount: .text(typed)), in: call)
    let volume = VolumeFormatter(unit: call.settings.displayUnit, locale: call.calendar.locale)
    let said = "A tap of \(set.drink) now logs \(volume.string(set.volume))."
    return Applied(
      done: said,
      undo: .init(said: said) { call in
        let back = try SetDefaultServing().run(
          .init(drink: name, amount: .volume(before)), in: call)
        return "A tap of \(back.drink) logs \(volume.string(back.volume)) again."
      })
  }

  /// Archives a drink (removes one never logged); undo brings it back as it was.
  static func archive(_ name: String, _ call: CallContext) throws -> Applied {
    guard let before = try type(name, call) else {
      try change(name, .delete, call)
      return Applied(done: "Saved.")
    }
    let view = try ChangeDrinkType().run(.init(name, .delete), in: call)
    let said: String
    switch view {
    case .archived(_, let entries):
      said = "Archived \(before.name): its \(entries) entries stay, and Today no longer offers it."
    default: said = "Removed \(before.name), which had no entries."
    }
    return Applied(
      done: said,
      undo: .init(said: said) { call in
        try change(before.name, .add(color: before.color), call)
        try change(before.name, .caffeine("\(before.caffeinePer100mL)mg/100ml"), call)
        try change(before.name, .hydration("\(before.hydrationFactor)"), call)
        if !before.isEnabled { try change(before.name, .disable, call) }
        return "\(before.name) is back."
      })
  }
}
