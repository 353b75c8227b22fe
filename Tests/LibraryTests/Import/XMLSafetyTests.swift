import Foundation
import LiquidusTestSupport
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

@Suite("Hostile and broken XML")
struct XMLSafetyTests {
  static let billionLaughs = """
    <?xml version="1.0"?>
    <!DOCTYPE HealthData [
      <!ENTITY lol "lol">
      <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
      <!ENTITY lol9 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
    ]>
    <HealthData locale="en_US">
     <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="&lol9;" unit="mL"
      startDate="2025-03-09 08:00:00 -0700" endDate="2025-03-09 08:00:00 -0700" value="250"/>
    </HealthData>
    """

  static let externalEntity = """
    <?xml version="1.0"?>
    <!DOCTYPE HealthData [
    <!-- looks harmless -->
    <!ENTITY xxe SYSTEM "file:///etc/passwd">
    ]>
    <HealthData locale="en_US">
     <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="&xxe;" unit="mL"
      startDate="2025-03-09 08:00:00 -0700" endDate="2025-03-09 08:00:00 -0700" value="250"/>
    </HealthData>
    """

  /// Refused at the declaration's line, before the record that uses it: nothing is expanded.
  /// (The limit only catches a reader that expands after all; no timing is asserted.)
  @Test(.stallGuard, arguments: [(billionLaughs, 3), (externalEntity, 4)])
  func entityDeclarationsAreRefusedBeforeAnythingIsExpanded(xml: String, line: Int) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.file("export.xml", contents: xml)
    #expect(throws: ImportError.entityDeclarationRefused(path: url.path, line: line)) {
      _ = try readAll(url, as: .appleHealth)
    }
    // The first event a reader gives is the refusal: no record came before it.
    let reader = try RecordReaders.open(url: url, format: .appleHealth, options: .losAngeles)
    #expect(throws: ImportError.entityDeclarationRefused(path: url.path, line: line)) {
      _ = try reader.next()
    }
  }

  @Test func undefinedEntityInAnIntakeRecordRejectsThatRecordOnly() throws {
    let xml = """
      <?xml version="1.0"?>
      <HealthData locale="en_US">
       <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="&nope;" unit="mL" \
      startDate="2025-03-09 08:00:00 -0700" endDate="2025-03-09 08:00:00 -0700" value="250"/>
       <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="ok" unit="mL" \
      startDate="2025-03-09 09:00:00 -0700" endDate="2025-03-09 09:00:00 -0700" value="100"/>
      </HealthData>
      """
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let events = try readAll(try directory.file("e.xml", contents: xml), as: .appleHealth)
    #expect(events.rejections.map(\.line) == [3])
    #expect(events.rejections.first?.reason.contains("undefined entity &nope;") == true)
    #expect(events.records.map(\.milliliters) == [100])
  }

  @Test func truncatedXMLFailsWithItsLine() throws {
    let full = try String(contentsOf: try ImportFixture.url("export.xml"), encoding: .utf8)
    let cut = String(full.prefix(full.count * 2 / 3))
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.file("export.xml", contents: cut)
    do {
      _ = try readAll(url, as: .appleHealth)
      Issue.record("a truncated export must not import silently")
    } catch {
      guard case .malformedXML(let path, let line, let reason) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path == url.path)
      #expect(line > 100)
      #expect(reason.contains("truncated"))
    }
  }

  @Test func xmlThatIsNotAHealthExportIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.file("feed.xml", contents: "<?xml version=\"1.0\"?>\n<rss></rss>\n")
    #expect(throws: ImportError.notAHealthExport(path: url.path, rootElement: "rss")) {
      _ = try readAll(url, as: .appleHealth)
    }
  }
}
