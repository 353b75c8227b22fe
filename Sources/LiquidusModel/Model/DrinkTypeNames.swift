/// The names of drink types by id, for showing entries (which hold their type's id): one
/// lookup per entry instead of a search of the types.
public struct DrinkTypeNames: Sendable {
  private let names: [DrinkType.ID: String]

  /// The names of `types`.
  public init(_ types: some Sequence<DrinkType>) {
    names = Dictionary(types.map { ($0.id, $0.name) }) { first, _ in first }
  }

  /// The type's name, or `#ID` for an id no type has (a row damaged by hand), so that the
  /// entry still shows rather than vanishing from a list.
  public subscript(id: DrinkType.ID) -> String {
    names[id] ?? "#\(id.rawValue)"
  }

  /// The type's name, or nil for an id no type has.
  public func name(of id: DrinkType.ID) -> String? {
    names[id]
  }
}
