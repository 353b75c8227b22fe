import Foundation

/// A kind of drink a person logs: Water, Coffee, or one they made.
///
/// A type with history is never destroyed by a plain delete: it is archived, disappears from the
/// choices for new entries, and keeps its entries in every report.
public struct DrinkType: Sendable, Hashable, Codable, Identifiable {
  /// The database id. A type not stored yet is a ``Draft``.
  public var id: ID
  /// The name as the person wrote it; unique regardless of case.
  public var name: String
  /// A colour as `#RRGGBB`, used for its series in charts.
  public var color: HexColor
  /// Where it appears in lists and chart stacks, starting at 1.
  public var position: Int
  /// Whether it is offered for new entries. A disabled type keeps its history in reports.
  public var isEnabled: Bool
  /// Whether it was deleted while it had history.
  public var isArchived: Bool
  /// Whether Liquidus created it on first run (Water, Coffee, Soda, Juice).
  public var isBuiltIn: Bool
  /// Milligrams of caffeine in 100 mL; what a new entry of this type gets per volume.
  public var caffeinePer100mL: Double
  /// How much of the volume counts toward the daily goal (0 to 2; milk 1.5, water 1).
  public var hydrationFactor: Double

  /// Creates a drink type as stored under `id`.
  public init(
    id: ID, name: String, color: HexColor, position: Int,
    isEnabled: Bool = true, isArchived: Bool = false, isBuiltIn: Bool = false,
    caffeinePer100mL: Double = 0, hydrationFactor: Double = 1
  ) {
    self.id = id
    self.name = name
    self.color = color
    self.position = position
    self.isEnabled = isEnabled
    self.isArchived = isArchived
    self.isBuiltIn = isBuiltIn
    self.caffeinePer100mL = caffeinePer100mL
    self.hydrationFactor = hydrationFactor
  }

  /// The caffeine of `volume` of this drink, in milligrams.
  public func caffeine(in volume: Volume) -> Double {
    volume.milliliters * caffeinePer100mL / 100
  }

  /// Whether new entries may use this type.
  public var isSelectable: Bool { isEnabled && !isArchived }

  /// The key names are compared by: case- and width-insensitive, so "café" and "CAFÉ" collide.
  public static func nameKey(_ name: String) -> String {
    name.trimmingCharacters(in: .whitespacesAndNewlines)
      .folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
  }

  /// The types a new database starts with, in the colour-blind-safe palette.
  public static let builtIns: [Draft] = [
    Draft(name: "Water", color: HexColor.palette[0], position: 1, isBuiltIn: true),
    Draft(
      name: "Coffee", color: HexColor.palette[1], position: 2, isBuiltIn: true,
      caffeinePer100mL: KnownDrinks.coffee),
    Draft(
      name: "Soda", color: HexColor.palette[2], position: 3, isBuiltIn: true,
      caffeinePer100mL: KnownDrinks.cola),
    Draft(name: "Juice", color: HexColor.palette[3], position: 4, isBuiltIn: true),
  ]
}
