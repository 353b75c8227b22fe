import Foundation

/// A plain aligned table for terminals: a header, rows, and columns padded to their widest cell.
public struct TextTable: Sendable {
  /// How a column's cells line up.
  public enum Alignment: Sendable { case left, right }

  /// The column titles.
  public var header: [String]
  /// The alignment of each column; numbers read best right-aligned.
  public var alignments: [Alignment]
  /// The rows, each as many cells as the header.
  public var rows: [[String]] = []

  /// Creates an empty table.
  public init(header: [String], alignments: [Alignment]) {
    self.header = header
    self.alignments = alignments
  }

  /// The table as lines joined by newlines, columns separated by two spaces, no trailing spaces.
  public func render() -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in
      all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
    return all.map { row in
      header.indices.map { column in
        let cell = row.indices.contains(column) ? row[column] : ""
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return alignments[column] == .right ? padding + cell : cell + padding
      }
      .joined(separator: "  ")
      .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }
    .joined(separator: "\n")
  }
}
