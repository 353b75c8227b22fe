/// One entry as `export --format json` writes it: the CSV's columns as fields.
///
/// `{"date":"2026-11-20T08:15:00+01:00","drink":"Water","amount":250,"unit":"mL",`
/// `"note":null,"source":"typed","caffeineMg":0,"uid":"…","modifiedAt":"…","importKey":null}`:
/// every field is always present (null when there is none), the CSV's columns first, amounts
/// in millilitres.
public struct ExportedEntry: Encodable, Sendable {
  public var date: String
  public var drink: String
  public var amount: Double
  public var unit = "mL"
  public var note: String?
  public var source: String
  public var caffeineMg: Double
  /// The entry's id on every device, when last changed, and the import key of an imported
  /// entry: what `liquidus merge` needs to merge the export into another database.
  public var uid: String?
  public var modifiedAt: String?
  public var importKey: String?

  init(
    date: String, drink: String, amount: Double, note: String?, source: String,
    caffeineMg: Double, uid: String?, modifiedAt: String?, importKey: String?
  ) {
    self.uid = uid
    self.modifiedAt = modifiedAt
    self.importKey = importKey
    self.caffeineMg = caffeineMg
    self.date = date
    self.drink = drink
    self.amount = amount
    self.note = note
    self.source = source
  }

  private enum CodingKeys: String, CodingKey {
    case date, drink, amount, unit, note, source, caffeineMg, uid, modifiedAt, importKey
  }

  /// Written by hand so that a missing note is `null` rather than an absent key.
  public func encode(to encoder: any Encoder) throws {
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
    try container.encode(uid, forKey: .uid)
    try container.encode(modifiedAt, forKey: .modifiedAt)
    try container.encode(importKey, forKey: .importKey)
  }
}
