import Foundation

extension DrinkType {
  /// A type before the store has given it an id: what `types add`, an import or a merge
  /// creates, and the built-in types a new database starts with.
  ///
  /// Kept apart from ``DrinkType`` so that every type read from the store has an id that is
  /// never nil, and no code above the store unwraps one.
  public struct Draft: Sendable, Hashable {
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

    /// Creates a type that is not stored yet.
    public init(
      name: String, color: HexColor, position: Int,
      isEnabled: Bool = true, isArchived: Bool = false, isBuiltIn: Bool = false,
      caffeinePer100mL: Double = 0, hydrationFactor: Double = 1
    ) {
      self.name = name
      self.color = color
      self.position = position
      self.isEnabled = isEnabled
      self.isArchived = isArchived
      self.isBuiltIn = isBuiltIn
      self.caffeinePer100mL = caffeinePer100mL
      self.hydrationFactor = hydrationFactor
    }
  }
}
