import Foundation
import Hummingbird
import LiquidusModel
import LiquidusPresentation
import LiquidusUseCases

/// The Import screen: a health export uploaded from the phone's file picker or share sheet,
/// streamed to a private file (capped, never in memory), imported by the same use case as
/// `liquidus import`, and reported in the same words.
struct ImportScreen: Sendable {
  let runner: CallRunner
  /// The largest upload taken, in bytes (2 GiB unless `LIQUIDUS_SERVE_UPLOAD_LIMIT` says).
  let limit: Int64

  struct View: Sendable {
    var csrf: String
    var limit: String
    var error: String?
    var summary: ImportSummary?
  }

  func view(csrf: String, error: String? = nil, summary: ImportSummary? = nil) -> View {
    View(
      csrf: csrf,
      limit: ByteCountFormatter.string(fromByteCount: limit, countStyle: .binary),
      error: error, summary: summary)
  }

  /// Imports the uploaded file and returns what it came to: the summary, and the report's
  /// words behind it.
  func importing(_ upload: MultipartUpload) async throws -> ImportSummary {
    defer { upload.remove() }
    let outcomes = try await runner.run(ImportFiles(), .init(paths: [upload.file.path]))
    let report = outcomes.map { outcome in
      switch outcome {
      case .file(let report, let seconds, _):
        report.text(seconds: seconds) { $0.domainWords }
      case .bundle(let report, _, let seconds, _):
        report.text(seconds: seconds) { $0.domainWords }
      case .refused(let error):
        String(describing: error)
      }
    }.joined(separator: "\n\n").replacingOccurrences(of: upload.file.path, with: upload.name)
    return ImportSummary(outcomes, report: report, name: upload.name, path: upload.file.path)
  }
}
