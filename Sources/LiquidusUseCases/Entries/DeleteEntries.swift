import LiquidusModel
import LiquidusStore

/// Removes entries by id, all or nothing.
public struct DeleteEntries: UseCase {
  public init() {}

  /// The entries to remove.
  public struct Request: Sendable, Hashable {
    public var entries: [EntryReference]
    public init(entries: [EntryReference]) { self.entries = entries }
  }

  /// What went: the entries that could be read, and the ids of those that could not.
  public struct View: Sendable, Hashable {
    public var removed: [EntryChange]
    public var damaged: [Int64]
  }

  /// Removes them in one transaction.
  /// - Throws: ``StoreError`` when an id does not exist (nothing is removed then).
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let ids = try request.entries.map { try $0.rowID(in: context.store) }
    let deletion = try context.store.delete(ids: ids, now: context.calendar.now)
    let names = DrinkTypeNames(try context.store.allTypes())
    return View(
      removed: deletion.removed.map { EntryChange(drink: $0, typeName: names[$0.typeID]) },
      damaged: deletion.damaged)
  }
}
