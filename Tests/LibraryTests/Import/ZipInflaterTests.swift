import Foundation
import LiquidusTestSupport
import Testing
import ZIPFoundation

@testable import LiquidusSources

/// The export's inflating thread (``ZipMemberInflater``): its own zlib inflate into reused
/// chunks, zlib's CRC-32, and compressed data that may not run into the zip's directory.
@Suite struct ZipInflaterTests {
  /// The fixture with `count` skipped records before its end: several 1 MiB chunks' worth, so
  /// that chunks go round the pool more than once before the reader has read them all.
  static func largeExport(records count: Int) throws -> Data {
    let xml = String(
      decoding: try Data(contentsOf: try ImportFixture.url("export.xml")), as: UTF8.self)
    let end = try #require(xml.range(of: "</HealthData>", options: .backwards))
    var padding = ""
    for index in 0..<count {
      padding +=
        " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Watch \(index)\""
        + " unit=\"count\" startDate=\"2024-01-01 08:00:00 -0800\""
        + " endDate=\"2024-01-01 08:05:00 -0800\" value=\"\(index % 997)\"/>\n"
    }
    return Data((xml[..<end.lowerBound] + padding + xml[end.lowerBound...]).utf8)
  }

  static func zip(
    _ xml: Data, method: CompressionMethod, in directory: TemporaryDirectory
  ) throws -> URL {
    let url = directory.url.appendingPathComponent("export.zip")
    let archive = try Archive(url: url, accessMode: .create)
    try archive.addEntry(
      with: "apple_health_export/export.xml", type: .file, uncompressedSize: Int64(xml.count),
      compressionMethod: method
    ) { position, size in xml.subdata(in: Int(position)..<Int(position) + size) }
    return url
  }

  /// Every byte of a member many chunks long arrives once and in order, deflated or stored:
  /// a chunk handed back to the pool before it was read would show here as other events.
  @Test(arguments: [true, false])
  func aLargeMemberReadsExactlyAsItsXML(deflated: Bool) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let xml = try Self.largeExport(records: 80_000)
    #expect(xml.count > 12 << 20)
    let plain = directory.url.appendingPathComponent("export.xml")
    try xml.write(to: plain)
    let zip = try Self.zip(xml, method: deflated ? .deflate : .none, in: directory)
    let fromXML = try readAll(plain, as: .appleHealth)
    let fromZip = try readAll(zip, as: .appleHealth)
    #expect(fromZip.count == fromXML.count)
    #expect(fromZip == fromXML)
  }

  /// A deflate stream whose last block is not marked final goes on into the bytes after it.
  /// ZIPFoundation inflated the zip's directory as if it were the member's data; now the data
  /// stops at the directory, and says so.
  @Test(.stallGuard)
  func deflateDataMayNotRunIntoTheDirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let xml = try Data(contentsOf: try ImportFixture.url("export.xml"))
    let zip = try Self.zip(xml, method: .deflate, in: directory)
    var bytes = [UInt8](try Data(contentsOf: zip))
    let nameLength = Int(bytes[26]) | Int(bytes[27]) << 8
    let extraLength = Int(bytes[28]) | Int(bytes[29]) << 8
    let dataStart = 30 + nameLength + extraLength
    // The fixture deflates to one block: its first bit says it is the last.
    try #require(bytes[dataStart] & 1 == 1)
    bytes[dataStart] &= 0xFE
    try Data(bytes).write(to: zip)
    #expect(
      throws: ImportError.corruptZip(
        path: zip.path,
        reason: "the export's data reaches the zip directory before its deflate stream ends")
    ) { _ = try readAll(zip, as: .appleHealth) }
  }

  /// zlib's CRC-32 took over from ZipChecksum on the inflating thread; a deflated member whose
  /// headers give another CRC is refused by its value, as before.
  @Test func aDeflatedMemberWithAnotherChecksumIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let xml = try Data(contentsOf: try ImportFixture.url("export.xml"))
    let zip = try Self.zip(xml, method: .deflate, in: directory)
    var bytes = [UInt8](try Data(contentsOf: zip))
    let crc = bytes[14..<18].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.1) << (8 * $1.0) }
    let wrong = crc ^ 0x0100_0000
    // The same CRC sits in the local header (offset 14) and the directory's record (16).
    let record = try #require(Self.offset(of: [0x50, 0x4B, 0x01, 0x02], in: bytes))
    for at in [14, record + 16] {
      for index in 0..<4 { bytes[at + index] = UInt8(truncatingIfNeeded: wrong >> (8 * index)) }
    }
    try Data(bytes).write(to: zip)
    #expect(
      throws: ImportError.corruptZip(
        path: zip.path,
        reason:
          "CRC32 mismatch: the zip says \(String(wrong, radix: 16)), the data gives \(String(crc, radix: 16))"
      )
    ) { _ = try readAll(zip, as: .appleHealth) }
  }

  static func offset(of signature: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= signature.count else { return nil }
    return (0...(bytes.count - signature.count)).first { at in
      bytes[at..<at + signature.count].elementsEqual(signature)
    }
  }
}
