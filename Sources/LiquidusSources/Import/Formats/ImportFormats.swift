import Foundation

/// The registry of import formats: every ``ImportFormatDescriptor``, in one list.
///
/// The list's order is the order `import --help`, `--format`'s values and error messages name
/// the formats in, and the order detection asks them in at each step (see ``ContentRule``).
public enum ImportFormats {
  /// Every format Liquidus imports, in the order of ``ImportFormat``'s cases.
  public static let all: [ImportFormatDescriptor] = ImportFormat.allCases.map(\.descriptor)

  /// The format typed after `--format` as `name`; nil for a name no format has.
  public static func named(_ name: String) -> ImportFormatDescriptor? {
    all.first { $0.name == name }
  }

  /// The formats as `import --help` lists them: two spaces, the name, then its summary,
  /// wrapped at word boundaries to fit `width` columns under its first line.
  public static func helpTable(width: Int = 79) -> String {
    let column = 2 + (all.map(\.name.count).max() ?? 0) + 2
    return all.map { descriptor in
      let lead = "  " + descriptor.name.padding(toLength: column - 2, withPad: " ", startingAt: 0)
      var lines: [String] = []
      var line = lead
      for word in descriptor.summary.split(separator: " ") {
        if line.count > column, line.count + 1 + word.count > width {
          lines.append(line)
          line = String(repeating: " ", count: column) + word
        } else {
          line += (line.count > column ? " " : "") + word
        }
      }
      lines.append(line)
      return lines.joined(separator: "\n")
    }.joined(separator: "\n")
  }
}

extension ImportFormat {
  /// The format's entry in the registry. A switch, so that a new case does not compile until
  /// it has a descriptor.
  public var descriptor: ImportFormatDescriptor {
    switch self {
    case .appleHealth: .appleHealth
    case .healthCSV: .healthCSV
    case .healthAutoExport: .healthAutoExport
    case .waterminder: .waterminder
    case .samsungHealth: .samsungHealth
    case .cronometer: .cronometer
    case .googleFit: .googleFit
    case .garmin: .garmin
    case .healthConnect: .healthConnect
    case .csv: .csv
    }
  }
}
