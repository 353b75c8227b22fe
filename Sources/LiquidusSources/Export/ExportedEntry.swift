/// One entry as `export --format json` writes it: the CSV's columns as fields.
///
/// `{"date":"2026-11-20T08:15:00+01:00","drink":"Water","amount":250,"unit":"mL",`
/// `"note":null,"source":"typed","caffeineMg":0}`: every field is always present (`note` is null when there is
/// none), in the order of the CSV's columns, amounts in millilitres.
struct ExportedEntry: Encodable {
  var date: String
  var drink: String
  var amount: Double
  var unit = "mL"
  var note: String?
  var source: String
  var caffeineMg: Double

  init(
    date: String, drink: String, amount: Double, note: String?, source: String,
    caffeineMg: Double
  ) {
    self.caffeineMg = caffeineMg
    self.date = date
    self.drink = drink
    self.amount = amount
    self.note = note
    self.source = source
  }

  private enum CodingKeys: String, CodingKey {
    case date, drink, amount, unit, note, source, caffeineMg
  }

  /// Written by hand so that a missing note is `null` rather than an absent key.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(date, forKey: .date)
    try container.encode(drink, forKey: .drink)
    try container.encode(amount, forKey: .amount)
    try container.encode(unit, forKey: .unit)
    if let note {
      try container.encode(note, forKey: .note)
    } else {
      try container.encodeNil(forKey: .note)
    }
    try container.encode(source, forKey: .source)
    try container.encode(caffeineMg, forKey: .caffeineMg)
  }
}
