import Foundation
import LiquidusModel

/// `liquidus types`: each drink type with its colour, caffeine, hydration factor, entry count
/// and state.
public struct TypeListing: Sendable {
  public var types: [DrinkType]
  /// Entries per type id.
  public var counts: [DrinkType.ID: Int]

  public init(types: [DrinkType], counts: [DrinkType.ID: Int]) {
    self.types = types
    self.counts = counts
  }

  /// One type in `types --format json`.
  public struct Row: Codable, Sendable, Equatable {
    public var position: Int
    public var name: String
    public var color: String
    public var caffeineMgPer100mL: Double
    public var hydrationFactor: Double
    public var entries: Int
    public var state: String
    public var builtIn: Bool
  }

  private func state(_ type: DrinkType) -> String {
    type.isArchived ? "archived" : type.isEnabled ? "enabled" : "disabled"
  }

  public func json() -> [Row] {
    types.map { type in
      Row(
        position: type.position, name: type.name, color: type.color.hex,
        caffeineMgPer100mL: (type.caffeinePer100mL * 100).rounded() / 100,
        hydrationFactor: type.hydrationFactor, entries: counts[type.id] ?? 0,
        state: state(type), builtIn: type.isBuiltIn)
    }
  }

  public func table() -> String {
    var table = TextTable(
      header: ["#", "Name", "Color", "Caffeine", "Hydration", "Entries", "State"],
      alignments: [.right, .left, .left, .right, .right, .right, .left])
    for type in types {
      let caffeine =
        type.caffeinePer100mL == 0 ? "-" : "\(Self.number(type.caffeinePer100mL)) mg/100 mL"
      table.rows.append([
        String(type.position), TerminalText.visible(type.name, keepingLineBreaks: false),
        type.color.hex, caffeine, "x\(Self.number(type.hydrationFactor))",
        String(counts[type.id] ?? 0),
        state(type) + (type.isBuiltIn ? ", built-in" : ""),
      ])
    }
    return table.render()
  }

  /// `40`, `1.5`, `212`: to 0.01, without a trailing `.0`.
  public static func number(_ value: Double) -> String {
    EntryListing.plain((value * 100).rounded() / 100)
  }
}
