import Foundation

/// One finished file of a report, still in memory: nothing reaches the output folder until
/// every file of the report has been produced.
public struct ReportFile: Sendable, Hashable {
  /// The file name, e.g. `week-2026-11-15-share.svg`.
  public var name: String
  /// The bytes to write.
  public var contents: Data

  /// Creates a file named `name` holding `contents`.
  public init(name: String, contents: Data) {
    self.name = name
    self.contents = contents
  }
}
