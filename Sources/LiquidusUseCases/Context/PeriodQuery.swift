/// A period and the drinks asked about in it: the request of `list`, `summary` and `report`.
public struct PeriodQuery: Sendable, Hashable {
  /// The period; the use case's default when it names none.
  public var period: PeriodSelection
  /// Only these types; empty for all.
  public var typeNames: [String]

  /// Creates a query.
  public init(period: PeriodSelection, typeNames: [String] = []) {
    self.period = period
    self.typeNames = typeNames
  }
}
