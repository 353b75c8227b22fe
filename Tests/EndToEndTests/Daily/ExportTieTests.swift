import Foundation
import Testing

/// An export is the same bytes on every device: entries of one instant are written in the
/// order of their ids, not of the row ids one database happened to give them.
@Suite struct ExportTieTests {
  @Test func anExportImportedElsewhereExportsToTheSameBytes() throws {
    let cli = try CLI(timeZone: "Europe/Berlin")
    defer { cli.cleanUp() }
    // Eight drinks of one minute: logged in an order that is not their ids' (random ids).
    for (index, drink) in ["water", "coffee", "soda", "juice", "water", "soda", "water", "coffee"]
      .enumerated()
    {
      let result = try cli.run("log", drink, "\(100 + index)ml", "--at", "2026-11-20 08:15")
      try #require(result.status == 0, "\(result.stderr)")
    }
    try cli.run("log", "water", "250ml", "--at", "2026-11-20 09:00")
    for format in ["csv", "json"] {
      let first = try cli.run("export", "--format", format)
      try #require(first.status == 0, "\(first.stderr)")
      let file = try ImportSupport.file(cli, "drinks.\(format)", first.stdout)
      let elsewhere = try CLI(timeZone: "Europe/Berlin")
      defer { elsewhere.cleanUp() }
      let imported = try elsewhere.run("import", file)
      try #require(imported.status == 0, "\(imported.stderr)")
      let again = try elsewhere.run("export", "--format", format)
      #expect(again.stdout == first.stdout, "\(format) export differs after the round trip")
      // And the order is that of the ids, so any third device agrees too.
      if format == "csv" {
        let ids = first.stdout.split(separator: "\n").dropFirst().prefix(8)
          .map { String($0.split(separator: ",", omittingEmptySubsequences: false)[7]) }
        #expect(ids.count == 8 && ids == ids.sorted())
      }
    }
  }
}
