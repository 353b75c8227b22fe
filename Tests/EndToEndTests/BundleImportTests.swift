import Foundation
import Testing

/// `liquidus import FOLDER` (or a zip of several exports): every known file in it, one run,
/// one report that names each file with its counts.
@Suite struct BundleImportTests {
  private func phoneFolder(_ cli: CLI) throws -> String {
    let root = cli.folder.appendingPathComponent("phone")
    for (fixture, path) in [
      ("com.samsung.health.water_intake.20261120123000.csv", "Samsung"),
      ("com.samsung.health.caffeine_intake.20261120123000.csv", "Samsung"),
      ("raw_com.google.hydration_com.example.waterapp.json", "Takeout/Fit/All Data"),
    ] {
      let folder = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: ImportSupport.fixture(fixture), to: folder.appendingPathComponent(fixture))
    }
    return root.path
  }

  @Test func aFolderGivenThroughASymbolicLinkIsWalkedWhereItLies() throws {
    let cli = try CLI(now: "2026-11-21T16:00:00Z")
    defer { cli.cleanUp() }
    let folder = try phoneFolder(cli)
    let link = cli.folder.appendingPathComponent("exports").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder)
    let result = try cli.run("import", link)
    #expect(result.stdout.contains("3 files imported"), "\(result.stdout)")
    #expect(result.stdout.contains("Total: 5 entries added (Water 5)"), "\(result.stdout)")
  }

  @Test func aFolderImportsEveryFileInOneReport() throws {
    let cli = try CLI(now: "2026-11-21T16:00:00Z")
    defer { cli.cleanUp() }
    let folder = try phoneFolder(cli)
    let first = try cli.run("import", folder)
    #expect(first.status == 65)  // each fixture has one bad row on purpose
    #expect(first.stdout.hasPrefix("\(folder): 3 files imported\n"), "\(first.stdout)")
    #expect(
      first.stdout.contains(
        "\(folder)/Samsung/com.samsung.health.water_intake.20261120123000.csv (samsung-health):"
          + " 3 added, 0 caffeine, 0 duplicates, 0 skipped, 1 rejected\n"))
    #expect(
      first.stdout.contains(
        "  Total: 5 entries added (Water 5), 2 caffeine records, 0 duplicates, 0 skipped,"
          + " 3 rejected\n"))
    #expect(
      first.stdout.contains(
        "\(folder)/Samsung/com.samsung.health.water_intake.20261120123000.csv:5: amount 'abc'"))
    #expect(first.stderr.contains("error: some files in \(folder) had bad rows"))
    let again = try cli.run("import", folder)
    #expect(
      again.stdout.contains("Total: 0 entries added, 0 caffeine records, 7 duplicates"),
      "\(again.stdout)")
  }

  @Test func strictImportsNothingFromAFolderWithABadRow() throws {
    let cli = try CLI(now: "2026-11-21T16:00:00Z")
    defer { cli.cleanUp() }
    let folder = try phoneFolder(cli)
    let result = try cli.run("import", folder, "--strict")
    #expect(result.status == 65)
    #expect(result.stdout.hasPrefix("\(folder): 3 files found, none imported\n"))
    #expect(result.stdout.contains("Nothing imported (--strict)"), "\(result.stdout)")
    #expect(
      try cli.run("list", "--from", "2025-01-01", "--to", "2026-11-21").stdout
        .contains("No entries"))
  }

  @Test func aDryRunSaysWhatItWouldAddAndWritesNothing() throws {
    let cli = try CLI(now: "2026-11-21T16:00:00Z")
    defer { cli.cleanUp() }
    let folder = try phoneFolder(cli)
    let result = try cli.run("import", folder, "--dry-run")
    #expect(result.stdout.hasPrefix("\(folder): 3 files would be imported\n"), "\(result.stdout)")
    #expect(result.stdout.contains(" (samsung-health): 3 to add, 0 caffeine,"))
    #expect(result.stdout.contains("  Total: 5 entries to add (Water 5),"))
    #expect(!result.stdout.contains(" added"))
    #expect(try cli.run("import", folder).stdout.contains("Total: 5 entries added"))
  }

  @Test func aFolderWithNothingKnownIsRefusedWithWhatItLooksFor() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let empty = cli.folder.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let result = try cli.run("import", empty.path)
    #expect(result.status == 65)
    #expect(
      result.stderr.hasPrefix("error: \(empty.path) holds no file that Liquidus reads."),
      "\(result.stderr)")
  }
}
