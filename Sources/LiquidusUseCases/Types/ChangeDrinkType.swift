import LiquidusModel
import LiquidusStore

/// Adds, changes, reorders or deletes a drink type: `types add|rename|color|move|enable|
/// disable|caffeine|hydration|delete`, and the server's settings.
public struct ChangeDrinkType: UseCase {
  public init() {}

  /// One change to the type named `name`.
  public struct Request: Sendable, Hashable {
    /// The type's name, in any case.
    public var name: String
    /// What to do to it.
    public var change: Change

    public init(_ name: String, _ change: Change) {
      self.name = name
      self.change = change
    }
  }

  /// The changes a type can take; contents and factors are read as people type them.
  public enum Change: Sendable, Hashable {
    /// Adds it (with a colour, or the palette's next), or brings an archived one back.
    case add(color: HexColor?)
    case rename(to: String)
    case color(HexColor)
    /// Moves it to `position`, counted from 1.
    case move(to: Int)
    case enable
    case disable
    /// Caffeine per volume, e.g. `40mg/100ml`, `95mg/cup`, `0`.
    case caffeine(String)
    /// How much of its volume counts toward the goal, 0 to 2.
    case hydration(String)
    /// Archives it when it has history, else removes it.
    case delete
    /// Removes it and its entries, after a backup.
    case purge
  }

  /// What the change did.
  public enum View: Sendable, Hashable {
    case added(DrinkType, restored: Bool)
    /// Renamed from the name as asked for.
    case renamed(DrinkType, from: String)
    case recolored(DrinkType)
    /// Every type in its new order.
    case moved([DrinkType])
    /// Enabled; an archived type stays unoffered until it is added again.
    case enabled(DrinkType)
    case disabled(DrinkType)
    case caffeine(DrinkType, milligramsPer100mL: Double)
    case hydration(DrinkType, factor: Double)
    case deleted(DrinkType)
    /// Archived with `entries` entries, which stay in every report.
    case archived(DrinkType, entries: Int)
    /// Removed with `entries` entries; `backup` holds everything from before.
    case purged(DrinkType, entries: Int, backup: String?)
  }

  /// Makes the change in one transaction.
  /// - Throws: ``StoreError`` (an unknown type, a name taken) or ``CaffeineError`` (a content or
  ///   factor that cannot be read).
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let store = context.store
    let name = request.name
    switch request.change {
    case .add(let color):
      let (added, restored) = try store.addType(named: name, color: color)
      return .added(added, restored: restored)
    case .rename(let newName):
      return .renamed(
        try store.renameType(name, to: newName, now: context.calendar.now), from: name)
    case .color(let color):
      return .recolored(try store.setColor(color, ofType: name))
    case .move(let position):
      return .moved(try store.moveType(name, to: position))
    case .enable:
      return .enabled(try store.setEnabled(true, ofType: name))
    case .disable:
      return .disabled(try store.setEnabled(false, ofType: name))
    case .caffeine(let text):
      let perHundred = try CaffeineContent.parse(text)
      return .caffeine(
        try store.setCaffeine(perHundred, ofType: name), milligramsPer100mL: perHundred)
    case .hydration(let text):
      let factor = try HydrationFactor.parse(text)
      return .hydration(try store.setHydrationFactor(factor, ofType: name), factor: factor)
    case .delete:
      let (type, deletion) = try store.deleteType(name)
      switch deletion {
      case .removed: return .deleted(type)
      case .archived(let count): return .archived(type, entries: count)
      }
    case .purge:
      let purged = try store.purgeType(name, now: context.calendar.now)
      return .purged(purged.type, entries: purged.entries, backup: purged.backup)
    }
  }
}
