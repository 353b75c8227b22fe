import LiquidusModel
import LiquidusStore

/// The entries of a period, with their ids: `list`, `GET /api/drinks`.
public struct ListEntries: UseCase {
  public init() {}

  /// The period and drinks, as ``PeriodQuery`` holds them.
  public typealias Request = PeriodQuery

  /// The entries found, and what is needed to show them.
  public struct View: Sendable {
    /// The period listed.
    public var period: Period
    /// Its readable entries, oldest first.
    public var drinks: [Drink]
    /// Every type, for names and colours.
    public var types: [DrinkType]
    /// Entries that could not be read and are left out; the front end says so.
    public var damaged: [StoreError]
    /// The unit amounts are shown in.
    public var unit: VolumeUnit
    /// The calendar times are shown in.
    public var calendar: CalendarContext
  }

  /// Reads the period's entries; an unreadable one is left out and named, not fatal.
  /// - Throws: ``PeriodExpressionError`` for a bad period, ``StoreError`` for an unknown type.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let period = try request.period.resolve(in: context.calendar)
    let typeIDs =
      try request.typeNames.isEmpty
      ? nil : Set(request.typeNames.map { try context.store.type(named: $0).id })
    var damaged: [StoreError] = []
    let drinks = try context.store.drinks(
      in: PeriodSelection.storable(period.interval), typeIDs: typeIDs, damaged: &damaged)
    return View(
      period: period, drinks: drinks, types: try context.store.allTypes(), damaged: damaged,
      unit: context.settings.displayUnit, calendar: context.calendar)
  }
}
