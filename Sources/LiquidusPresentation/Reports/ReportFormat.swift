import Foundation

/// A kind of file `liquidus report` writes.
public enum ReportFormat: String, Sendable, Hashable, CaseIterable, Comparable {
  /// One SVG per chart, with a title and a description for screen readers.
  case svg
  /// One PNG per chart, for places that do not show SVG.
  case png
  /// One self-contained page: inline charts, the summary and the data table.
  case html
  /// The spoken summary and a description of each chart.
  case txt
  /// The audio graph: one tone per bucket, higher for more (see ``AudioGraph``).
  case wav

  /// What `report` writes when no `--format` is given.
  public static let defaults: Set<ReportFormat> = [.svg, .png, .txt]

  /// Reads a comma-separated list such as `svg,png` (any case, spaces allowed).
  ///
  /// - Returns: nil when any item is not a format.
  public static func parseList(_ text: String) -> Set<ReportFormat>? {
    var formats: Set<ReportFormat> = []
    for item in text.split(separator: ",") {
      let name = item.trimmingCharacters(in: .whitespaces).lowercased()
      guard let format = ReportFormat(rawValue: name == "text" ? "txt" : name) else { return nil }
      formats.insert(format)
    }
    return formats.isEmpty ? nil : formats
  }

  /// Whether writing this format needs gnuplot.
  public var needsGnuplot: Bool { chartTerminal != nil }

  public static func < (lhs: ReportFormat, rhs: ReportFormat) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
