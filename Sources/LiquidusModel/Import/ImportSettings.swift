import Foundation

/// How `liquidus import` treats the database, beyond what the readers need.
public struct ImportSettings: Sendable {
  /// `--type-map NAME=TYPE`: records written by the source app NAME (case-insensitive) become
  /// drinks of the existing type TYPE.
  public var typeMap: [String: String]
  /// `--strict`: the whole file in one transaction, rolled back at the first bad row.
  public var strict: Bool
  /// `--dry-run`: everything is read, checked and counted against the database, then rolled
  /// back, so the report is exact and the database is unchanged.
  public var dryRun: Bool
  /// Records per transaction in the default mode. A kill or crash loses at most the batch in
  /// flight; re-running the import then finishes the job.
  public var batchSize: Int
  /// The time of the import. Records dated after it (beyond `log`'s minute of clock skew) are
  /// rejected like `log --at` in the future; nil skips that check (records before 1970 and
  /// drinks above ``AmountParser/absoluteLimit`` are rejected either way).
  public var now: Date?

  /// The batch size `liquidus import` uses: large enough that commits cost little, small
  /// enough that an interrupted import loses well under a second of work.
  public static let defaultBatchSize = 10_000

  /// Creates settings.
  public init(
    typeMap: [String: String] = [:], strict: Bool = false, dryRun: Bool = false,
    batchSize: Int = ImportSettings.defaultBatchSize, now: Date? = nil
  ) {
    self.typeMap = typeMap
    self.strict = strict
    self.dryRun = dryRun
    self.batchSize = max(1, batchSize)
    self.now = now
  }
}
