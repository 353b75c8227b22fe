import LiquidusModel
import LiquidusStore

/// How a front end names an entry: the command line by the row id `list` shows, the API by
/// the entry's uid, which is the same on every device.
public enum EntryReference: Sendable, Hashable {
  /// The local row id.
  case row(Drink.ID)
  /// The entry's id across devices.
  case uid(String)

  /// The local row id of the entry.
  /// - Throws: ``StoreError/unknownEntryUID(_:)`` for a uid no entry has.
  func rowID(in store: DrinkStore) throws -> Drink.ID {
    switch self {
    case .row(let id): id
    case .uid(let uid): try store.drink(uid: uid).id ?? Drink.ID(0)
    }
  }
}
