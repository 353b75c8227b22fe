/// The header row of a CSV file, with case-insensitive column lookup.
struct CSVHeader {
  /// Column names as written (without surrounding spaces).
  let names: [String]
  /// The file, for messages.
  let path: String
  private let lowercased: [String]

  init(names: [String], path: String = "") {
    self.names = names.map(\.trimmingSpaces)
    self.path = path
    lowercased = self.names.map { $0.lowercased() }
  }

  /// Reads the first non-blank row of `scanner` as the header.
  init(scanner: CSVScanner) throws(ImportError) {
    guard try scanner.nextRow() else { throw .emptyFile(path: scanner.window.path) }
    self.init(
      names: (0..<scanner.fieldCount).map { scanner.field($0).string }, path: scanner.window.path)
  }

  /// The index of each required column, given as its accepted names (any case).
  ///
  /// - Throws: ``ImportError/missingColumns(path:format:missing:header:)`` naming every missing
  ///   column by its first name, so one message lists all that `format` lacks.
  func require(_ columns: [String]..., for format: ImportFormat) throws(ImportError) -> [Int] {
    let found = columns.map { names in names.lazy.compactMap { self.index($0) }.first }
    let missing = zip(columns, found).filter { $0.1 == nil }.map { $0.0[0] }
    guard missing.isEmpty else {
      throw .missingColumns(path: path, format: format, missing: missing, header: text)
    }
    return found.map { $0 ?? 0 }
  }

  /// The header as one line, for messages.
  var text: String { names.joined(separator: ",") }

  /// The index of the first column whose name equals one of `candidates` (any case).
  func index(_ candidates: String...) -> Int? {
    for candidate in candidates {
      if let index = lowercased.firstIndex(of: candidate.lowercased()) { return index }
    }
    return nil
  }

  /// Splits `Dietary Water (mL)` into its metric name and unit; nil when there is no unit.
  static func metric(_ name: String) -> (name: String, unit: String)? {
    guard name.hasSuffix(")"), let open = name.lastIndex(of: "(") else { return nil }
    let metric = name[..<open].trimmingSpaces
    let unit = name[name.index(after: open)..<name.index(before: name.endIndex)].trimmingSpaces
    guard !metric.isEmpty, !unit.isEmpty else { return nil }
    return (metric, unit)
  }
}

extension Substring {
  var trimmingSpaces: String { String(self).trimmingSpaces }
}
