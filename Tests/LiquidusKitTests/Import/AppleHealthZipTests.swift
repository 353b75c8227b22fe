import Foundation
import Testing
import ZIPFoundation

@testable import LiquidusKit

@Suite("Apple Health export.zip")
struct AppleHealthZipTests {
  /// Zips the fixture the way the Health app does: one deflated apple_health_export/export.xml.
  static func makeZip(in directory: TemporaryDirectory, entryPath: String) throws -> URL {
    let xml = try Data(contentsOf: try ImportFixture.url("export.xml"))
    let url = directory.url.appendingPathComponent("export.zip")
    let archive = try Archive(url: url, accessMode: .create)
    try archive.addEntry(
      with: entryPath, type: .file, uncompressedSize: Int64(xml.count),
      compressionMethod: .deflate
    ) { position, size in
      xml.subdata(in: Int(position)..<Int(position) + size)
    }
    return url
  }

  @Test func zipYieldsExactlyTheEventsOfTheXML() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zip = try Self.makeZip(in: directory, entryPath: "apple_health_export/export.xml")
    #expect(try ImportFormatDetector.detect(url: zip) == .appleHealth)
    let fromZip = try readAll(zip, as: .appleHealth)
    let fromXML = try readAll(try ImportFixture.url("export.xml"), as: .appleHealth)
    #expect(fromZip == fromXML)
    #expect(fromZip.records.count == 6)
  }

  @Test func zipCutInHalfFailsWithAnImportError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zip = try Self.makeZip(in: directory, entryPath: "apple_health_export/export.xml")
    let bytes = try Data(contentsOf: zip)
    try bytes.prefix(bytes.count / 2).write(to: zip)
    #expect(throws: ImportError.self) { _ = try readAll(zip, as: .appleHealth) }
    do {
      _ = try readAll(zip, as: .appleHealth)
    } catch {
      #expect(error.errorDescription?.contains("truncated") == true)
    }
  }

  @Test func zipWithCorruptedDataFailsWithAnImportError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zip = try Self.makeZip(in: directory, entryPath: "apple_health_export/export.xml")
    var bytes = try Data(contentsOf: zip)
    for offset in stride(from: 200, to: 600, by: 7) { bytes[offset] ^= 0x5A }
    try bytes.write(to: zip)
    #expect(throws: ImportError.self) { _ = try readAll(zip, as: .appleHealth) }
  }

  @Test func zipWithoutTheExportFailsNamingWhatItHolds() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zip = try Self.makeZip(in: directory, entryPath: "apple_health_export/export_cda.xml")
    #expect(
      throws: ImportError.missingExportXML(
        path: zip.path, entries: ["apple_health_export/export_cda.xml"])
    ) { _ = try readAll(zip, as: .appleHealth) }
  }

  @Test func fileNamedZipThatIsNotAZipFails() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.file("export.zip", contents: "date,drink,amount,unit\n")
    #expect(throws: ImportError.notAZip(path: url.path)) {
      _ = try RecordReaders.open(url: url, format: .appleHealth, options: .losAngeles)
    }
  }

  @Test func abandoningAZipReaderEarlyReleasesItsThread() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zip = try Self.makeZip(in: directory, entryPath: "apple_health_export/export.xml")
    for _ in 0..<20 {
      let reader = try RecordReaders.open(url: zip, format: .appleHealth, options: .losAngeles)
      _ = try reader.next()
    }
    #expect(Bool(true))  // would hang or crash if the producer thread were left blocked
  }
}
