import Foundation

/// A kind of drink a person logs: Water, Coffee, or one they made.
///
/// A type with history is never destroyed by a plain delete: it is archived, disappears from the
/// choices for new entries, and keeps its entries in every report.
@dynamicMemberLookup
public struct DrinkType: Sendable, Hashable, Identifiable {
  /// The database id. A type not stored yet is a ``Draft``.
  public var id: ID
  /// Everything else about the type: its name, colour, position, state, caffeine and
  /// hydration, read as `type.name`, `type.color` and so on.
  public var draft: Draft

  /// The type `draft` became once stored under `id`.
  public init(id: ID, _ draft: Draft) {
    self.id = id
    self.draft = draft
  }

  /// Creates a drink type as stored under `id`.
  public init(
    id: ID, name: String, color: HexColor, position: Int,
    isEnabled: Bool = true, isArchived: Bool = false, isBuiltIn: Bool = false,
    caffeinePer100mL: Double = 0, hydrationFactor: Double = 1
  ) {
    self.init(
      id: id,
      Draft(
        name: name, color: color, position: position, isEnabled: isEnabled,
        isArchived: isArchived, isBuiltIn: isBuiltIn, caffeinePer100mL: caffeinePer100mL,
        hydrationFactor: hydrationFactor))
  }

  /// The draft's values, as the type's own (`type.name`).
  @inlinable
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Draft, Value>) -> Value {
    get { draft[keyPath: keyPath] }
    set { draft[keyPath: keyPath] = newValue }
  }

  /// The caffeine of `volume` of this drink, in milligrams.
  public func caffeine(in volume: Volume) -> Double {
    volume.milliliters * draft.caffeinePer100mL / 100
  }

  /// Whether new entries may use this type.
  public var isSelectable: Bool { draft.isEnabled && !draft.isArchived }

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
