import Foundation
import LiquidusModel
import LiquidusSources
import LiquidusStore

/// Entries as `list` prints them: an aligned table, a JSON array, or CSV.
public struct EntryListing: Sendable {
  /// One entry as JSON and CSV carry it; amounts in millilitres to 0.01 mL.
  public struct Row: Codable, Sendable, Equatable {
    public var id: Int64
    public var date: String
    public var drink: String
    public var amount: Double
    public var unit: String
    public var note: String?
    public var source: String
  }

  /// The entries, oldest first.
  public var drinks: [Drink]
  /// Every type the entries may refer to, archived ones included.
  public var types: [DrinkType]
  /// The display unit.
  public var unit: VolumeUnit
  /// The calendar dates are written in.
  public var context: CalendarContext

  /// Creates a listing.
  public init(drinks: [Drink], types: [DrinkType], unit: VolumeUnit, context: CalendarContext) {
    self.drinks = drinks
    self.types = types
    self.unit = unit
    self.context = context
  }

  /// The rows with names resolved and amounts converted.
  public var rows: [Row] {
    let names = DrinkTypeNames(types)
    let formatter = MachineVolume()
    return drinks.map { drink in
      Row(
        id: drink.id ?? 0, date: ClockText.iso8601(drink.instant, timeZone: context.timeZone),
        drink: names[drink.typeID], amount: formatter.value(drink.volume),
        unit: MachineVolume.unit, note: drink.note, source: drink.source.rawValue)
    }
  }

  /// The entries in `format`; `text` reads like `table`.
  public func render(_ format: OutputFormat) throws -> String {
    switch format {
    case .json:
      return try JSONText.encode(rows)
    case .csv:
      let lines = rows.map { row in
        CSVField.line([
          String(row.id), row.date, row.drink, Self.plain(row.amount), row.unit, row.note ?? "",
          row.source,
        ])
      }
      return ([CSVField.line(["id", "date", "drink", "amount", "unit", "note", "source"])] + lines)
        .joined(separator: "\n")
    case .table, .text:
      return table()
    }
  }

  private func table() -> String {
    guard !drinks.isEmpty else { return "No entries." }
    let formatter = VolumeFormatter(unit: unit, locale: context.locale)
    var table = TextTable(
      header: ["ID", "When", "Drink", "Amount", "Note"],
      alignments: [.right, .left, .left, .right, .left])
    for (drink, row) in zip(drinks, rows) {
      let when =
        ClockText.localDate(drink.instant, calendar: context.calendar) + " "
        + ClockText.time(drink.instant, in: context)
      let note = (row.note ?? "").replacingOccurrences(of: "\n", with: " ")
      let imported = drink.source == .imported ? "(imported)" : ""
      table.rows.append([
        String(row.id), when, row.drink, formatter.string(drink.volume),
        [note, imported].filter { !$0.isEmpty }.joined(separator: " "),
      ])
    }
    let total = drinks.reduce(Volume.zero) { $0 + $1.volume }
    let count = drinks.count == 1 ? "1 entry" : "\(drinks.count) entries"
    return table.render() + "\n\nTotal \(formatter.string(total)) in \(count)"
  }

  /// A number without a trailing `.0`, as spreadsheets expect.
  public static func plain(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}
