import Foundation
import Testing

@testable import LiquidusSources

/// The registry is the one list of import formats; these hold what is written by hand
/// (docs/FORMATS.md, the folder search's message) and what is generated (the help) to it.
@Suite("Import format registry")
struct ImportFormatRegistryTests {
  static let formatsDocument = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("docs/FORMATS.md")

  @Test func everyFormatHasOneDescriptorWithItsOwnName() {
    #expect(ImportFormats.all.map(\.format) == ImportFormat.allCases)
    #expect(Set(ImportFormats.all.map(\.name)).count == ImportFormats.all.count)
    for descriptor in ImportFormats.all {
      #expect(ImportFormats.named(descriptor.name)?.format == descriptor.format)
      #expect(!descriptor.summary.isEmpty && !descriptor.content.isEmpty, "\(descriptor.name)")
    }
    #expect(ImportFormats.named("auto") == nil && ImportFormats.named("xml") == nil)
  }

  @Test func theFormatsDocumentHasOneTableRowPerFormat() throws {
    let text = try String(contentsOf: Self.formatsDocument, encoding: .utf8)
    let documented = Self.formatTableNames(text)
    let registered = Set(ImportFormats.all.map(\.name))
    #expect(!documented.isEmpty, "no format table found in docs/FORMATS.md")
    #expect(
      registered.subtracting(documented).isEmpty,
      "formats missing from docs/FORMATS.md's table: \(registered.subtracting(documented).sorted())"
    )
    #expect(
      documented.subtracting(registered).isEmpty,
      "rows of docs/FORMATS.md's table that are no format: \(documented.subtracting(registered).sorted())"
    )
  }

  @Test func theHelpListsEveryFormatOnItsOwnLineWithinTheWidth() {
    let lines = ImportFormats.helpTable().split(separator: "\n").map(String.init)
    let named = lines.compactMap { line in
      line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first : nil
    }
    #expect(named.map(String.init) == ImportFormats.all.map(\.name))
    #expect(lines.allSatisfy { $0.count <= 79 }, "\(lines)")
    for descriptor in ImportFormats.all {
      let words = descriptor.summary.split(separator: " ")
      #expect(words.allSatisfy { ImportFormats.helpTable().contains($0) }, "\(descriptor.name)")
    }
  }

  @Test func theFolderSearchMessageNamesEveryFileNameTheRegistryLooksFor() {
    let message = BundleFileNames.known.lowercased()
    for descriptor in ImportFormats.all {
      for pattern in descriptor.fileNames {
        #expect(message.contains(pattern.prefix), "\(descriptor.name): \(pattern.prefix)")
        #expect(
          pattern.suffix.isEmpty || message.contains(pattern.suffix),
          "\(descriptor.name): \(pattern.suffix)")
        // And the name finds its own format, not one listed before it.
        let name = pattern.isExact ? pattern.prefix : pattern.prefix + "2026" + pattern.suffix
        #expect(BundleFileNames.format(of: name) == descriptor.format, "\(name)")
      }
    }
  }

  /// The names in the first column of the table whose header starts with `` `--format` ``.
  static func formatTableNames(_ document: String) -> Set<String> {
    let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
    guard let header = lines.firstIndex(where: { $0.hasPrefix("| `--format` |") }) else {
      return []
    }
    let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }
    return Set(
      rows.compactMap { row in
        row.split(separator: "|").first?.trimmingCharacters(in: .whitespaces)
          .trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      })
  }
}
