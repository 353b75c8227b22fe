import Foundation
import Testing

/// Phones set to Chinese name the export `导出.xml` (zh-CN) or `輸出.xml` (zh-TW), and some zips
/// carry such names without the UTF-8 flag: the export is found by its content.
@Suite struct LocalizedExportTests {
  static let xml = Data(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
    ]>
    <HealthData locale="zh_CN">
     <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="健康" unit="mL" \
    startDate="2026-11-20 08:00:00 +0800" endDate="2026-11-20 08:00:00 +0800" value="330"/>
    </HealthData>

    """.utf8)

  @Test(arguments: ["导出.xml", "輸出.xml"])
  func aLocalizedMemberNameIsFoundByItsContent(name: String) throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let zip = try ImportSupport.exportZip(
      cli, xml: Self.xml, entry: "apple_health_export/\(name)")
    let result = try cli.run("import", zip)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try ImportSupport.drinks(cli) == ["Water|330.0|2026-11-20 00:00:00.000||imported"])
  }

  @Test func aNameWithoutTheUTF8FlagIsFoundToo() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    // An ASCII stand-in of the same length, so the zip carries no UTF-8 flag; then the name's
    // UTF-8 bytes written over it, as zip tools that ignore the flag do.
    let stand = "apple_health_export/XXXXXX.xml"
    let real = Data("apple_health_export/导出.xml".utf8)
    try #require(real.count == stand.utf8.count)
    let path = try ImportSupport.exportZip(cli, xml: Self.xml, entry: stand)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    var replaced = 0
    while let range = bytes.range(of: Data(stand.utf8)) {
      bytes.replaceSubrange(range, with: real)
      replaced += 1
    }
    #expect(replaced == 2)  // the local header and the central directory
    try bytes.write(to: URL(fileURLWithPath: path))
    let result = try cli.run("import", path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try ImportSupport.count(cli, "drink") == 1)
  }

  @Test func aZipWithOnlyOtherXMLStillSaysWhatItHolds() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let path = try ImportSupport.exportZip(
      cli, xml: Data("<ClinicalDocument/>".utf8), entry: "apple_health_export/export_cda.xml")
    let result = try cli.run("import", path)
    #expect(result.status == 65)
    #expect(result.stderr.contains("export_cda.xml"), "\(result.stderr)")
  }
}
