import Foundation
import Testing

/// `import` takes what `export --format json` wrote, as it takes the CSV export: each entry with
/// its id, so that importing it again, or merging its origin later, adds nothing.
@Suite struct ImportOwnJSONTests {
  @Test func aJSONExportImportsIntoAnotherDatabaseWithItsIdsAndOnlyOnce() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    #expect(
      try cli.run("log", "coffee", "200ml", "--at", "07:30", "--note", "flat white").status == 0)
    #expect(try cli.run("log", "water", "250ml", "--at", "08:00").status == 0)
    let json = cli.folder.appendingPathComponent("drinks.json").path
    #expect(try cli.run("export", "--format", "json", "--out", json).status == 0)
    let export = try String(contentsOfFile: json, encoding: .utf8)

    let other = cli.folder.appendingPathComponent("other.sqlite").path
    let imported = try cli.run("--db", other, "import", json)
    #expect(imported.status == 0, "\(imported.stdout)\(imported.stderr)")
    #expect(imported.stdout.contains("Added 2 entries"), "\(imported.stdout)")
    #expect(try cli.run("--db", other, "export", "--format", "json").stdout == export)

    let again = try cli.run("--db", other, "import", json)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("Added 0 entries"), "\(again.stdout)")
    #expect(again.stdout.contains("Duplicates skipped: 2"), "\(again.stdout)")
    let merged = try cli.run("--db", other, "merge", cli.databasePath)
    #expect(merged.stdout.contains("0 added"), "\(merged.stdout)")
  }
}
