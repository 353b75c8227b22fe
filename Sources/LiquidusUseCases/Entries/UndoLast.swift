import LiquidusAnalysis
import LiquidusModel
import LiquidusStore

/// Removes the most recently logged entry (never one merged in from another device).
public struct UndoLast: UseCase {
  public init() {}

  /// Nothing to say: the last entry is the one.
  public struct Request: Sendable, Hashable {
    public init() {}
  }

  /// Removes it and returns what was removed, with its day's totals without it.
  /// - Throws: ``StoreError`` when there is nothing to undo or the file cannot be written.
  public func run(_ request: Request, in context: CallContext) throws -> EntryChange {
    let removed = try context.store.undoLast(now: context.calendar.now)
    let type = try context.store.allTypes().first { $0.id == removed.typeID }
    let day = try context.journal.snapshot(
      of: Day(containing: removed.instant, in: context.calendar))
    return EntryChange(drink: removed, typeName: type?.name, day: day)
  }
}
