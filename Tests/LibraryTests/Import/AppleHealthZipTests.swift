import Foundation
import LiquidusTestSupport
import Testing
import ZIPFoundation

@testable import LiquidusAnalysis
@testable import LiquidusModel
@testable import LiquidusPresentation
@testable import LiquidusSources
@testable import LiquidusStore

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
    #expect(fromZip.records.count == 7)
  }

  @Test func zipCutInHalfFailsWithAnImportError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zip = try Self.makeZip(in: directory, entryPath: "apple_health_export/export.xml")
    let bytes = try Data(contentsOf: zip)
    try bytes.prefix(bytes.count / 2).write(to: zip)
    #expect(
      throws: ImportError.corruptZip(
        path: zip.path, reason: "no zip directory at the end: the file is truncated")
    ) {
      _ = try readAll(zip, as: .appleHealth)
    }
  }

  @Test func zipWithCorruptedDataFailsWithAnImportError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zip = try Self.makeZip(in: directory, entryPath: "apple_health_export/export.xml")
    var bytes = try Data(contentsOf: zip)
    for offset in stride(from: 200, to: 600, by: 7) { bytes[offset] ^= 0x5A }
    try bytes.write(to: zip)
    #expect(
      throws: ImportError.corruptZip(
        path: zip.path, reason: "cannot inflate the export: corruptedData")
    ) {
      _ = try readAll(zip, as: .appleHealth)
    }
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

  /// A reader dropped after its first event must stop its producer thread: a blocked one would
  /// hang the loop (hence the limit) or leak one thread per reader.
  @Test(.stallGuard)
  func abandoningAZipReaderEarlyReleasesItsThread() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zip = try Self.makeZip(in: directory, entryPath: "apple_health_export/export.xml")
    let xml = try RecordReaders.open(
      url: try ImportFixture.url("export.xml"), format: .appleHealth, options: .losAngeles)
    let expected = try #require(try xml.next())
    for round in 0..<20 {
      let reader = try RecordReaders.open(url: zip, format: .appleHealth, options: .losAngeles)
      #expect(try reader.next() == expected, "round \(round)")
    }
    // A reader run to the end after all that still reads every event.
    #expect(try readAll(zip, as: .appleHealth).records.count == 7)
  }
}

@Suite("export.zip with its data cut short but its directory intact")
struct ZipCutShortTests {
  /// Removes the last part of the deflated data and moves the directory offset back by as many,
  /// so the zip's directory still reads but the deflate stream stops before its end (which made
  /// ZIPFoundation's inflate loop spin forever).
  @Test func failsInsteadOfInflatingForever() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zip = try AppleHealthZipTests.makeZip(
      in: directory, entryPath: "apple_health_export/export.xml")
    var bytes = [UInt8](try Data(contentsOf: zip))
    let eocd = try #require(Self.endOfDirectory(in: bytes))
    var offset = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[eocd + 16 + $1]) << (8 * $1) }
    let removed = 200
    bytes.removeSubrange((Int(offset) - removed)..<Int(offset))
    let at = eocd - removed + 16
    offset -= UInt32(removed)
    for index in 0..<4 { bytes[at + index] = UInt8(truncatingIfNeeded: offset >> (8 * index)) }
    try Data(bytes).write(to: zip)

    #expect(
      throws: ImportError.corruptZip(
        path: zip.path,
        reason:
          "its entries claim 1986 bytes but only 1786 precede the zip directory: data is missing, the file is truncated"
      )
    ) {
      _ = try readAll(zip, as: .appleHealth)
    }
  }

  /// Where the end-of-central-directory record starts.
  static func endOfDirectory(in bytes: [UInt8]) -> Int? {
    var index = bytes.count - 22
    while index >= 0 {
      if bytes[index] == 0x50 && bytes[index + 1] == 0x4B && bytes[index + 2] == 0x05
        && bytes[index + 3] == 0x06
      {
        return index
      }
      index -= 1
    }
    return nil
  }
}
