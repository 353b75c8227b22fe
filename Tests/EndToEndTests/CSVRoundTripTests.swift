import Foundation
import Testing

/// A database rebuilt from a CSV export is the same entries as the one it came from (issue 29,
/// "a trap"): the CSV keeps each entry's id, `import` keeps it, and `merge` adds nothing.
@Suite struct CSVRoundTripTests {
  @Test func csvExportThenImportThenMergeAddsNothing() throws {
    let origin = try CLI()
    let rebuilt = try CLI()
    defer {
      origin.cleanUp()
      rebuilt.cleanUp()
    }
    try origin.run("log", "water", "250ml", "--at", "08:00")
    try origin.run("log", "coffee", "200ml", "--at", "09:00", "--note", "flat, \"white\"")
    let csv = origin.folder.appendingPathComponent("drinks.csv")
    #expect(try origin.run("export", "--out", csv.path).status == 0)
    let text = try String(contentsOf: csv, encoding: .utf8)
    #expect(text.hasPrefix("date,drink,amount,unit,note,source,caffeine_mg,uid,modified_at,"))

    let imported = try rebuilt.run("import", csv.path)
    #expect(imported.status == 0 && imported.stdout.contains("Added 2 entries"), "\(imported)")
    let again = try rebuilt.run("import", csv.path)
    #expect(again.stdout.contains("Added 0 entries"), "\(again.stdout)")

    let merged = try rebuilt.run("merge", origin.databasePath)
    #expect(merged.stdout.hasPrefix("Merged"), "\(merged)")
    #expect(merged.stdout.contains(" 0 added"), "\(merged.stdout)")
    let back = try origin.run("merge", csv.path)
    #expect(back.status == 0 && back.stdout.contains(" 0 added"), "\(back)")
    #expect(
      try rebuilt.run("list", "--format", "csv").stdout.split(separator: "\n").count == 3)
    // The same entries, with the same ids: the export of the rebuilt database is the same file.
    #expect(try rebuilt.run("export").stdout == text)
  }
}
