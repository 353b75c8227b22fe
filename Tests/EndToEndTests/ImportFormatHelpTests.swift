import Foundation
import LiquidusSources
import Testing

/// `import --help` and `import --format` speak the registry's names: a format added to
/// ``ImportFormats`` is listed and accepted without touching the command.
@Suite struct ImportFormatHelpTests {
  @Test func helpListsEveryFormatAndOffersItToFormat() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run(["import", "--help"], extraEnvironment: ["COLUMNS": "80"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    for descriptor in ImportFormats.all {
      #expect(
        lines.contains { $0.hasPrefix("  \(descriptor.name) ") },
        "\(descriptor.name) is not listed in import --help")
    }
    let option = lines.drop { !$0.hasPrefix("  --format <format>") }.prefix {
      !$0.hasPrefix("  --map")
    }
    .joined(separator: " ")
    for name in ["auto"] + ImportFormats.all.map(\.name) {
      #expect(option.contains(" \(name),") || option.contains(" \(name)."), "--format: \(name)")
    }
  }

  @Test func everyFormatNameIsAcceptedByFormat() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let file = try ImportSupport.file(cli, "empty.csv", "")
    for descriptor in ImportFormats.all {
      // The name is accepted; the empty file is then refused by the format's reader (65), not
      // by the option (64).
      let result = try cli.run(["import", file, "--format", descriptor.name, "--quiet"])
      #expect(result.status != 64, "\(descriptor.name): \(result.stderr)")
    }
  }
}
