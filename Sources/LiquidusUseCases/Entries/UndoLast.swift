import LiquidusAnalysis
import LiquidusModel
import LiquidusStore

/// Removes the most recently logged entry (never one merged in from another device).
public struct UndoLast: UseCase {
  public init() {}

  /// Whose last entry.
  public struct Request: Sendable, Hashable {
    /// The API token whose latest drink to remove; nil for the latest typed entry of all.
    public var loggedBy: APIToken.ID?
    public init(loggedBy: APIToken.ID? = nil) { self.loggedBy = loggedBy }
  }

  /// Removes it and returns what was removed, with its day's totals without it.
  /// - Throws: ``StoreError`` when there is nothing to undo or the file cannot be written.
  public func run(_ request: Request, in context: CallContext) throws -> EntryChange {
    let removed: Drink
    if let token = request.loggedBy {
      let latest = try context.store.latestEntry(loggedBy: token, now: context.calendar.now)
      removed =
        try context.store.delete(ids: [latest.id ?? Drink.ID(0)], now: context.calendar.now)
        .removed.first ?? latest
    } else {
      removed = try context.store.undoLast(now: context.calendar.now)
    }
    let type = try context.store.allTypes().first { $0.id == removed.typeID }
    let day = try context.journal.snapshot(
      of: Day(containing: removed.instant, in: context.calendar))
    return EntryChange(drink: removed, typeName: type?.name, day: day)
  }
}
