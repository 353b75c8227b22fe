import LiquidusModel
import LiquidusSources
import LiquidusStore

/// Brings another device's database or JSON export in: its entries, edits and deletions, the
/// newest version of each entry winning.
public struct MergeDevice: UseCase {
  public init() {}

  /// The other side.
  public struct Request: Sendable, Hashable {
    /// A Liquidus database or a JSON export.
    public var path: String
    /// Whether to count only, changing nothing.
    public var dryRun: Bool

    public init(path: String, dryRun: Bool = false) {
      self.path = path
      self.dryRun = dryRun
    }
  }

  /// Reads the other side in one snapshot and applies it in one transaction.
  /// - Throws: ``MergeError`` or ``StoreError`` for a file that is not a merge source.
  public func run(_ request: Request, in context: CallContext) throws -> MergeTally {
    let snapshot = try MergeSource.snapshot(of: request.path)
    return try context.store.merge(snapshot, now: context.calendar.now, dryRun: request.dryRun)
  }
}
