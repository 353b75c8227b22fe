import Foundation
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

/// Today's changes to entries (a tap, a delete, an edit), each with the change that takes it
/// back, in the words `liquidus log` and `undo` use: `250 mL of Water at 2:03 PM`.
enum EntryUndo {
  static func words(_ drink: Drink, _ typeName: String, _ call: CallContext) -> String {
    EntrySentence(unit: call.settings.displayUnit, context: call.calendar)
      .describe(drink, typeName: typeName)
  }

  /// A drink logged: undone by deleting that entry (not "the last one logged", which a drink
  /// logged meanwhile elsewhere would be).
  static func logged(_ drink: Drink, _ typeName: String, _ call: CallContext) -> PageUndo.Step? {
    guard let uid = drink.uid else { return nil }
    let said = "Logged " + words(drink, typeName, call) + "."
    return .init(said: said) { call in
      _ = try DeleteEntries().run(.init(entries: [.uid(uid)]), in: call)
      return "Removed " + words(drink, typeName, call) + "."
    }
  }

  /// An entry deleted: undone by logging it again as it was (its time, note and caffeine).
  static func deleted(_ removed: EntryChange, _ call: CallContext) -> PageUndo.Step {
    let drink = removed.drink
    let name = removed.typeName ?? ""
    let said = "Deleted " + words(drink, name, call) + "."
    return .init(said: said) { call in
      let again = try LogDrink().run(
        .init(
          drink: name, amount: .volume(drink.volume),
          details: EntryDetails(
            at: .instant(drink.instant), note: drink.note, caffeine: .milligrams(drink.caffeine)),
          allowLarge: true), in: call)
      return "Back: " + words(again.receipt?.drink ?? drink, name, call) + "."
    }
  }

  /// An entry edited: undone by editing it back to what it was.
  static func edited(uid: String, from before: Drink, _ typeName: String, _ call: CallContext)
    -> PageUndo.Step
  {
    let said = "Edited " + words(before, typeName, call) + "."
    return .init(said: said) { call in
      _ = try EditEntry().run(
        .init(
          entry: .uid(uid), drink: typeName, amount: .volume(before.volume),
          details: EntryDetails(at: .instant(before.instant), note: before.note ?? ""),
          allowLarge: true), in: call)
      return "Back as it was: " + words(before, typeName, call) + "."
    }
  }
}
