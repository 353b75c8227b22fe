import Foundation
import LiquidusModel
import LiquidusUseCases

/// `POST /api/drinks` and `PATCH /api/drinks/{uid}`: a drink as JSON. Amounts as people type
/// them (`"amount": "250ml"`), exact (`"amountMl": 250`) or a serving (`"serving": "mug"`);
/// none logs the drink's usual serving. Times as words (`"07:30"`) or ISO 8601.
struct DrinkBody: Decodable {
  var drink: String?
  var amount: String?
  var amountMl: Double?
  var serving: String?
  var at: String?
  var note: String?
  var caffeineMg: Double?
  var force: Bool?

  /// The amount given, in whichever form; nil for none. Two forms at once are refused.
  func amountInput() throws -> AmountInput? {
    switch (amount, amountMl, serving) {
    case (let text?, nil, nil): return .text(text)
    case (nil, let millilitres?, nil): return .volume(Volume(milliliters: millilitres))
    case (nil, nil, let name?): return .serving(name, count: 1)
    case (nil, nil, nil): return nil
    default:
      throw Problem(.badRequest, "Give one of amount, amountMl or serving, not several.")
    }
  }

  var details: EntryDetails {
    EntryDetails(
      at: at.map(TimeInput.text), note: note, caffeine: caffeineMg.map(CaffeineInput.milligrams))
  }

  /// Bounded text: a name, a note or a time of more than this is a mistake or an attack.
  func checkLengths() throws {
    for (field, value) in [
      ("drink", drink), ("amount", amount), ("serving", serving), ("at", at), ("note", note),
    ] {
      if let value, value.count > 1_000 {
        throw Problem(.unprocessableContent, "The \(field) is longer than 1,000 characters.")
      }
    }
  }
}
