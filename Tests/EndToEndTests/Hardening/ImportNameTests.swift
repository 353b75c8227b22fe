import Foundation
import Testing

/// Names from import files meet the rules `types add` applies: refused with the row's line,
/// never cut to fit, never a collision that aborts the import.
@Suite struct ImportNameTests {
  @Test func unusableNamesAreRejectedRowByRowAndTheRestIsImported() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let long = String(repeating: "Chamomile ", count: 4) + "tea"
    let longToo = String(repeating: "Chamomile ", count: 4) + "infusion"
    let file = try ImportSupport.file(
      cli, "names.csv",
      """
      date,drink,amount,unit
      2026-11-01T08:00:00Z,Water,250,mL
      2026-11-01T09:00:00Z,\(long),200,mL
      2026-11-01T10:00:00Z,\(longToo),200,mL
      2026-11-01T11:00:00Z,"Tea
      Leaf",150,mL
      2026-11-01T12:00:00Z,Coffee,100,mL

      """)
    let result = try cli.run("import", file)
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stdout.contains("names.csv:3: the drink name 'Chamomile Chamomile"))
    #expect(result.stdout.contains("has 43 characters; a drink type's name has at most 40"))
    #expect(result.stdout.contains("names.csv:4:"))
    #expect(result.stdout.contains("names.csv:5: the drink name"), "\(result.stdout)")
    #expect(result.stdout.contains("holds a line break"))
    let types = try cli.run("types").stdout
    #expect(!types.contains("Chamomile") && !types.contains("Leaf"), "\(types)")
    #expect(
      try cli.run("list", "2026-11-01", "--format", "csv").stdout.split(separator: "\n")
        .count == 3)
  }

  @Test func typesAddRefusesControlCharactersLikeImportDoes() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("types", "add", "Tea\u{1B}[2J")
    #expect(result.status == 64)
    #expect(result.stderr.contains("no line breaks or other control characters"))
  }
}
