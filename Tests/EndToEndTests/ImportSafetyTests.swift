import Foundation
import LiquidusTestSupport
import Testing

/// Hostile and broken files fail fast, with exit status 65 and a message that says what to do.
@Suite struct ImportSafetyTests {
  /// The limit only catches an expansion (a hang); no timing is asserted.
  @Test(.stallGuard)
  func billionLaughsFailsFastWithoutExpandingAnything() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let lol = (1...9).map { level in
      "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
    }
    let path = try ImportSupport.file(
      cli, "export.xml",
      """
      <?xml version="1.0"?>
      <!DOCTYPE HealthData [
      <!ENTITY lol0 "lol">
      \(lol.joined(separator: "\n"))
      ]>
      <HealthData locale="en_US">
       <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="&lol9;" unit="mL" startDate="2025-03-09 08:00:00 -0700" endDate="2025-03-09 08:00:00 -0700" value="250"/>
      </HealthData>
      """)
    let result = try cli.run("import", path)
    #expect(result.status == 65)
    #expect(result.stderr.contains("export.xml:3: the XML declares an entity"))
    #expect(result.stdout.contains("  Rows rejected: 0\n"), "\(result.stdout)")
    #expect(try ImportSupport.count(cli, "drink") == 0)
  }

  @Test func truncatedZipFailsCleanly() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let xml = try Data(contentsOf: ImportSupport.fixture("export.xml"))
    let zip = try ImportSupport.exportZip(cli, xml: xml)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: zip))
    try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: zip))
    let result = try cli.run("import", zip)
    #expect(result.status == 65)
    #expect(result.stderr.contains("truncated"))
    #expect(result.stderr.contains("export it again"))
    #expect(try ImportSupport.count(cli, "drink") == 0)
  }

  @Test func aMissingFileIsAUsageError() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let result = try cli.run("import", cli.folder.appendingPathComponent("nope.csv").path)
    #expect(result.status == 64)
    #expect(result.stderr.contains("No such file"))
  }

  @Test func aFileOfNoKnownFormatSaysWhichFormatsExist() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let path = try ImportSupport.file(cli, "notes.txt", "just some notes\n")
    let result = try cli.run("import", path)
    #expect(result.status == 65)
    #expect(result.stderr.contains("--format"))
    #expect(result.stderr.contains("waterminder"))
  }
}
