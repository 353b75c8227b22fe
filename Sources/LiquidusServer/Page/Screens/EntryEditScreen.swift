import Foundation
import Hummingbird
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

/// The view of one of today's entries being edited on the page: drink, amount, time and note, through the
/// same `EditEntry` use case as `liquidus edit`, so the same rules refuse the same mistakes in
/// the same words. A plain form (no script needed), posted and then redirected to Today.
struct EntryEditScreen: Sendable {
  struct Choice: Sendable {
    var name: String
    var selected: Bool
  }

  /// What the form shows: the entry as it is, or as typed when it was refused.
  struct View: Sendable {
    var uid: String
    var csrf: String
    var summary: String
    var drinks: [Choice]
    var amount: String
    var time: String
    var note: String
    var error: String?
  }

  /// The entry's fields as the form writes them, to tell a changed field from one left alone
  /// (a time sent back unchanged must not drop the entry's seconds).
  struct Shown: Sendable {
    var drink: String
    var amount: String
    var time: String
    var note: String
  }

  let runner: CallRunner

  /// Today's entry `uid` as the form shows it (its time in the person's clock, its amount in
  /// the display unit), and as stored; a 404 for an entry not logged today.
  func shown(_ uid: String) async throws -> (
    Shown, summary: String, drinks: [String], entry: Drink
  ) {
    try await runner.withContext { call in
      let listed = try ListEntries().run(.init(period: .init(default: "today")), in: call)
      guard let drink = listed.drinks.first(where: { $0.uid == uid }) else {
        throw Problem(.notFound, "That entry is not one of today's; edit it with `liquidus edit`.")
      }
      let name = DrinkTypeNames(listed.types)[drink.typeID]
      let volume = VolumeFormatter(unit: call.settings.displayUnit, locale: call.calendar.locale)
      let time = ClockText.time(drink.instant, in: call.calendar)
      let amount = volume.string(drink.volume)
      let offered = listed.types.filter { $0.isSelectable || $0.id == drink.typeID }.map(\.name)
      return (
        Shown(drink: name, amount: amount, time: time, note: drink.note ?? ""),
        "\(name) \(volume.string(drink.volume)) at \(time)", offered, drink
      )
    }
  }

  func view(_ uid: String, csrf: String, typed: Shown? = nil, error: String? = nil)
    async throws -> View
  {
    let (current, summary, drinks, _) = try await shown(uid)
    let fields = typed ?? current
    return View(
      uid: uid, csrf: csrf, summary: summary,
      drinks: drinks.map { Choice(name: $0, selected: $0 == fields.drink) },
      amount: fields.amount, time: fields.time, note: fields.note, error: error)
  }

  static func typed(_ form: PageForm) -> Shown {
    Shown(
      drink: form["drink"] ?? "", amount: form["amount"] ?? "",
      time: (form["time"] ?? "").trimmingCharacters(in: .whitespaces),
      note: form["note"] ?? "")
  }
}
