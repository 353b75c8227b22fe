import Foundation
import LiquidusModel
import LiquidusSources
import LiquidusUseCases

/// `import --report json`: what an import came to as one JSON object, for programs that run
/// imports in bulk (the study runner records each participant's rows rejected and duplicates
/// skipped from it).
///
/// ```json
/// {"added":1,"caffeineAdded":0,"dryRun":false,"duplicatesSkipped":0,"failed":0,"files":[
///  {"added":1,"caffeineAdded":0,"duplicatesSkipped":0,"error":null,"format":"csv",
///   "otherSkipped":0,"path":"log.csv","rejected":1,"rejections":[{"line":3,
///   "reason":"amount 'lots' is not a number"}],"rolledBack":false,"workoutsAdded":0}],
///  "otherSkipped":0,"rejected":1,"workoutsAdded":0}
/// ```
public struct ImportOutcomesJSON: Encodable, Sendable {
  /// One file's figures; a folder or zip of several exports gives one per export in it.
  public struct File: Encodable, Sendable {
    public var path: String
    /// The format's `--format` name; null for a file refused before its format was known.
    public var format: String?
    public var added = 0
    public var caffeineAdded = 0
    public var workoutsAdded = 0
    public var duplicatesSkipped = 0
    public var otherSkipped = 0
    public var rejected = 0
    /// The first rejected rows (as many as the words list), each with its line and reason.
    public var rejections: [Rejection] = []
    /// Whether `--strict` kept the whole file out because of a rejected row.
    public var rolledBack = false
    /// Why the file failed, in the front end's words; null when it did not.
    public var error: String?

    private enum CodingKeys: String, CodingKey {
      case path, format, added, caffeineAdded, workoutsAdded, duplicatesSkipped, otherSkipped
      case rejected, rejections, rolledBack, error
    }

    /// Written by hand so that `format` and `error` are `null` rather than absent.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(path, forKey: .path)
      try container.encode(format, forKey: .format)
      try container.encode(added, forKey: .added)
      try container.encode(caffeineAdded, forKey: .caffeineAdded)
      try container.encode(workoutsAdded, forKey: .workoutsAdded)
      try container.encode(duplicatesSkipped, forKey: .duplicatesSkipped)
      try container.encode(otherSkipped, forKey: .otherSkipped)
      try container.encode(rejected, forKey: .rejected)
      try container.encode(rejections, forKey: .rejections)
      try container.encode(rolledBack, forKey: .rolledBack)
      try container.encode(error, forKey: .error)
    }
  }

  /// A rejected row: its line (0 when the format has none) and why.
  public struct Rejection: Encodable, Sendable {
    public var line: Int
    public var reason: String
  }

  /// Whether nothing was written (`--dry-run`): the figures say what an import would add.
  public var dryRun: Bool
  public var added: Int
  public var caffeineAdded: Int
  public var workoutsAdded: Int
  public var duplicatesSkipped: Int
  /// Files of a folder or zip in no format Liquidus knows (`path/member`), in path order.
  public var notRead: [String] = []
  public var otherSkipped: Int
  public var rejected: Int
  /// Files that failed (refused, stopped part-way, or kept out whole by `--strict`).
  public var failed: Int
  public var files: [File]

  /// The outcomes of `paths`, in order.
  /// - Parameter words: the front end's message for a failure (the command line adds advice).
  public init(
    _ outcomes: [ImportOutcome], paths: [String], dryRun: Bool,
    words: (ImportError) -> String
  ) {
    self.dryRun = dryRun
    var files: [File] = []
    for (index, outcome) in outcomes.enumerated() {
      switch outcome {
      case .refused(let error):
        files.append(
          File(path: index < paths.count ? paths[index] : "", error: words(error)))
      case .file(let report, _, _):
        files.append(Self.file(report, words))
      case .bundle(let bundle, let path, _, _):
        files += bundle.unreadableFolders.map { File(path: path, error: words($0)) }
        files += bundle.reports.map { Self.file($0, words) }
        notRead += bundle.notRead
      }
    }
    self.files = files
    added = files.reduce(0) { $0 + $1.added }
    caffeineAdded = files.reduce(0) { $0 + $1.caffeineAdded }
    workoutsAdded = files.reduce(0) { $0 + $1.workoutsAdded }
    duplicatesSkipped = files.reduce(0) { $0 + $1.duplicatesSkipped }
    otherSkipped = files.reduce(0) { $0 + $1.otherSkipped }
    rejected = files.reduce(0) { $0 + $1.rejected }
    failed = files.filter { $0.error != nil || $0.rolledBack }.count
  }

  private static func file(_ report: ImportReport, _ words: (ImportError) -> String) -> File {
    File(
      path: report.path, format: report.format.rawValue, added: report.drinksAdded,
      caffeineAdded: report.caffeineAdded, workoutsAdded: report.workoutsAdded,
      duplicatesSkipped: report.duplicatesSkipped,
      otherSkipped: report.otherSkippedCount + report.emptySkipped,
      rejected: report.rejectedCount,
      rejections: report.rejections.map { Rejection(line: $0.line, reason: $0.reason) },
      rolledBack: report.strictRollback != nil, error: report.failure.map(words))
  }

  /// The object as one line of JSON, keys sorted as every JSON view of Liquidus has them.
  public func text() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }
}
