import LiquidusSources
import LiquidusUseCases

/// An import's result as a person first wants it: how many drinks were added, how many were
/// skipped (already here, or empty), how many rows were not imported and the first reasons
/// why, in plain words. The command line's full report goes behind a "Details" toggle.
struct ImportSummary: Sendable {
  var added: Int
  var skipped: Int
  var rejected: Int
  var headline: String
  var problems: [String]
  var hasProblems: Bool
  /// `liquidus import`'s own report, word for word.
  var report: String

  /// How many problems are named before the details.
  static let named = 3

  init(_ outcomes: [ImportOutcome], report: String, name: String, path: String) {
    var reports: [ImportReport] = []
    var problems: [String] = []
    for outcome in outcomes {
      switch outcome {
      case .file(let report, _, _): reports.append(report)
      case .bundle(let bundle, _, _, _):
        reports += bundle.reports
        problems += bundle.unreadableFolders.map { String(describing: $0) }
      case .refused(let error): problems.append(String(describing: error))
      }
    }
    for report in reports {
      if let failure = report.failure { problems.append(String(describing: failure)) }
      problems += report.rejections.map { "Line \($0.line): \($0.reason)" }
    }
    added = reports.reduce(0) { $0 + $1.drinksAdded }
    skipped = reports.reduce(0) {
      $0 + $1.duplicatesSkipped + $1.emptySkipped + $1.otherSkippedCount
    }
    rejected = reports.reduce(0) { $0 + $1.rejectedCount }
    let plural = { (count: Int, one: String, many: String) in count == 1 ? one : many }
    headline =
      problems.isEmpty && added == 0 && skipped > 0
      ? "Nothing new: all \(skipped) \(plural(skipped, "record was", "records were")) here already."
      : "Added \(added) \(plural(added, "drink", "drinks")); skipped \(skipped) already here or "
        + "empty; \(rejected) not imported."
    self.problems = Array(problems.prefix(Self.named)).map {
      $0.replacingOccurrences(of: path, with: name)
    }
    hasProblems = !problems.isEmpty
    self.report = report
  }
}
