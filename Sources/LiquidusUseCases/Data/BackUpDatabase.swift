import LiquidusStore

/// Writes a checked copy of the database: `liquidus backup FILE`.
public struct BackUpDatabase: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    /// Where the copy goes; a file already there is refused.
    public var destination: String
    public init(destination: String) { self.destination = destination }
  }

  /// What the copy holds.
  /// - Throws: ``StoreError`` when the destination exists or cannot be written, or the copy
  ///   fails its check (it is removed then).
  public func run(_ request: Request, in context: CallContext) throws -> BackupSummary {
    try context.store.backupChecked(to: request.destination)
  }
}

/// Replaces the database with a checked backup, keeping the current contents in a copy beside
/// it: `liquidus restore FILE`.
public struct RestoreBackup: UseCase {
  public init() {}

  public struct Request: Sendable, Hashable {
    public var source: String
    public init(source: String) { self.source = source }
  }

  /// Where the previous contents were kept, and what the restored copy holds.
  public struct View: Sendable {
    public var kept: String
    public var summary: BackupSummary
  }

  /// - Throws: ``StoreError`` for a backup that is missing, fails its checks, or is of a
  ///   newer Liquidus.
  public func run(_ request: Request, in context: CallContext) throws -> View {
    let (kept, summary) = try context.store.restore(
      from: request.source, now: context.calendar.now)
    return View(kept: kept, summary: summary)
  }
}
