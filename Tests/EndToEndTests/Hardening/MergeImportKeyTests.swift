import Foundation
import Testing

/// One imported record under two ids (only a hand-made file can do that) is settled by the
/// merge rule itself: the newer version wins. An old object carrying a real entry's import key
/// under a smaller id once replaced and deleted the real entry, although a JSON export never
/// deletes.
@Suite struct MergeImportKeyTests {
  @Test func anOlderObjectWithAnEntrysImportKeyAndASmallerIdChangesNothing() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let file = try ImportSupport.file(
      cli, "health.csv",
      """
      date,drink,amount,unit,source
      2026-11-20T08:00:00Z,Water,250,mL,Health

      """)
    #expect(try cli.run("import", file).status == 0)
    let export = try cli.run("export", "--format", "json").stdout
    let uid = try #require(
      export.firstMatch(of: /"uid":"([0-9a-f-]{36})"/).map { String($0.output.1) })
    var forged = export.replacingOccurrences(
      of: uid, with: "00000000-0000-4000-8000-000000000000")
    let modified = try #require(
      forged.range(of: #""modifiedAt":"[^"]*""#, options: .regularExpression))
    forged.replaceSubrange(modified, with: #""modifiedAt":"1970-01-01T00:00:01Z""#)
    let path = cli.folder.appendingPathComponent("forged.json").path
    try forged.write(toFile: path, atomically: true, encoding: .utf8)

    let merged = try cli.run("merge", path)
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(merged.stdout.contains("0 deleted"), "\(merged.stdout)")
    #expect(try cli.run("export", "--format", "json").stdout == export, "the real entry stands")
    let again = try cli.run("import", file)
    #expect(again.stdout.contains("Added 0 entries"), "\(again.stdout)")
    #expect(again.stdout.contains("Duplicates skipped: 1"), "\(again.stdout)")
  }
}
