import Foundation
import Testing

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

@Suite("Format detection")
struct ImportFormatDetectorTests {
  @Test(arguments: [
    ("export.xml", ImportFormat.appleHealth),
    ("health_records.csv", .healthCSV),
    ("health_records_device_first.csv", .healthCSV),
    ("health_auto_export.csv", .healthAutoExport),
    ("waterminder.csv", .waterminder),
    ("drinks.csv", .csv),
    ("mapped.csv", .csv),
  ])
  func fixturesAreRecognisedByTheirContent(name: String, format: ImportFormat) throws {
    #expect(try ImportFormatDetector.detect(url: try ImportFixture.url(name)) == format)
  }

  @Test func headerAfterBlankLinesAndABOMIsFound() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.file("x.txt", contents: "\u{FEFF}\n\nDate/Time,Dietary Water (mL)\n")
    #expect(try ImportFormatDetector.detect(url: url) == .healthAutoExport)
  }

  @Test func unknownContentFailsListingTheFormats() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.file("notes.txt", contents: "just some words\n")
    do {
      _ = try ImportFormatDetector.detect(url: url)
      Issue.record("expected an error")
    } catch {
      #expect(error == .unrecognizedFormat(path: url.path))
      for format in ImportFormat.allCases {
        #expect(error.errorDescription?.contains(format.rawValue) == true)
      }
    }
  }

  @Test func missingAndEmptyFilesFailClearly() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let empty = try directory.file("empty.csv", contents: "")
    #expect(throws: ImportError.emptyFile(path: empty.path)) {
      _ = try ImportFormatDetector.detect(url: empty)
    }
    let missing = directory.url.appendingPathComponent("missing.csv")
    #expect(
      throws: ImportError.unreadableFile(
        path: missing.path, reason: "No such file or directory")
    ) { _ = try ImportFormatDetector.detect(url: missing) }
  }
}
