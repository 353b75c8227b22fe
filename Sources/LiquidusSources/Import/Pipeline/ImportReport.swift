import Foundation
import LiquidusModel

/// What importing one file did (or, with `--dry-run`, would do).
public struct ImportReport: Sendable {
  /// One rejected row: where and why.
  public struct Rejection: Sendable, Hashable {
    /// The 1-based line in the (uncompressed) file.
    public var line: Int
    /// What was wrong and what was expected.
    public var reason: String
    /// What the person can do about it that only the interface can name, said after the
    /// reason (see ``Remedy``).
    public var remedy: Remedy? = nil
  }

  /// How many rejections are kept in full; the rest are only counted.
  public static let rejectionsKept = 20

  /// The file as the user named it.
  public var path: String
  /// The format it was read as.
  public var format: ImportFormat
  /// What reports call the format: its `--format` name, or what else the file was read as
  /// (Liquidus's JSON export, which is no import format of its own but a merge).
  public var formatName: String
  /// Whether the format was detected (`--format auto`) rather than given.
  public var detected: Bool
  /// Whether this was a dry run (nothing written).
  public var dryRun: Bool
  /// What the database side did: drinks per type, types created, caffeine, duplicates.
  public var tally = ImportTally()
  /// Drinks added per type, in the types' list order.
  public var addedByType: [ImportTally.TypeCount] { tally.addedByType }
  /// Types the import created.
  public var createdTypes: [String] { tally.createdTypes }
  /// Caffeine records added.
  public var caffeineAdded: Int { tally.caffeineAdded }
  public var workoutsAdded: Int { tally.workoutsAdded }
  /// Records an earlier import already holds.
  public var duplicatesSkipped: Int { tally.duplicatesSkipped }
  /// Drink records of 0 mL: nothing was drunk, so nothing is stored.
  public var emptySkipped = 0
  /// Records of other kinds (steps, heart rate, ...) per record type.
  public var otherSkipped: [String: Int] = [:]
  /// The first ``rejectionsKept`` rejected rows.
  public var rejections: [Rejection] = []
  /// All rejected rows, including those not kept in full.
  public var rejectedCount = 0
  /// With `--strict`: the row that made the import roll back.
  public var strictRollback: Rejection?
  /// A failure that stopped reading part-way; what was committed before it stays, unless
  /// ``discarded``.
  public var failure: ImportError?
  /// Whether everything read from the file was taken out again because the file proved
  /// damaged (a zip that fails its checksum).
  public var discarded = false

  /// Creates an empty report.
  public init(path: String, format: ImportFormat, detected: Bool, dryRun: Bool) {
    self.path = path
    self.format = format
    self.formatName = format.rawValue
    self.detected = detected
    self.dryRun = dryRun
  }

  /// Drinks added, all types together.
  public var drinksAdded: Int { addedByType.reduce(0) { $0 + $1.count } }
  /// Records of other kinds skipped, all kinds together.
  public var otherSkippedCount: Int { otherSkipped.values.reduce(0, +) }

  /// Whether rows were rejected, or the whole file was rolled back for one (`strict`).
  public var hasRejections: Bool { rejectedCount > 0 || strictRollback != nil }
}
