import Foundation
import LiquidusPresentation

/// The four pictures of one chart on the Trends screen, by file name: the report's own
/// (`week-2026-11-15.svg`, wide and light) and `-dark`, `-phone`, `-phone-dark` before `.svg`.
enum ChartVariant: CaseIterable {
  case wide
  case dark
  case phone
  case phoneDark

  var suffix: String {
    switch self {
    case .wide: ""
    case .dark: "-dark"
    case .phone: "-phone"
    case .phoneDark: "-phone-dark"
    }
  }

  /// The name of this variant of the chart whose wide, light file is `name`.
  func name(of name: String) -> String {
    String(name.dropLast(".svg".count)) + suffix + ".svg"
  }

  /// Whether `name` is a chart's wide, light file (the one the template lists).
  static func isWideLight(_ name: String) -> Bool {
    name.hasSuffix(".svg") && !allCases.dropFirst().contains { name.hasSuffix($0.suffix + ".svg") }
  }

  /// The report's files with each wide chart's three other pictures added: `narrow` holds the
  /// same charts, drawn on a phone's canvas under the same names.
  static func files(wide: [ReportFile], narrow: [ReportFile]) -> [ReportFile] {
    let phones = Dictionary(narrow.map { ($0.name, $0.contents) }) { first, _ in first }
    var files: [ReportFile] = []
    for file in wide {
      files.append(file)
      guard file.name.hasSuffix(".svg") else { continue }
      files.append(ReportFile(name: dark.name(of: file.name), contents: darkened(file.contents)))
      if let phone = phones[file.name] {
        files.append(ReportFile(name: Self.phone.name(of: file.name), contents: phone))
        files.append(ReportFile(name: phoneDark.name(of: file.name), contents: darkened(phone)))
      }
    }
    return files
  }

  private static func darkened(_ svg: Data) -> Data {
    Data(ChartTheme.dark.apply(toSVG: String(decoding: svg, as: UTF8.self)).utf8)
  }
}
