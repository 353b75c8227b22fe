import Foundation
import Testing

@testable import LiquidusSources

/// The zip directory read from bytes: what the fuzzer found, and the ZIP64 end record that no
/// tool writes for a small zip.
@Suite struct ZipDirectoryTests {
  private static func directory(_ bytes: [UInt8]) throws(ZipDirectory.Damage) -> ZipDirectory {
    try ZipDirectory(size: UInt64(bytes.count)) { offset, count in
      guard offset <= UInt64(bytes.count), count <= bytes.count - Int(offset) else { return nil }
      return Array(bytes[Int(offset)..<Int(offset) + count])
    }
  }

  /// Found by Scripts/fuzz (zip-directory, its seed `record-comment-past-directory`): the last
  /// record's comment ran 16 KiB past the directory and the record was taken as whole.
  @Test func aRecordWhoseCommentRunsPastTheDirectoryIsDamage() throws {
    let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("FuzzCorpus/zip-directory/record-comment-past-directory")
    #expect(throws: ZipDirectory.Damage(reason: "its directory's record 2 of 2 is damaged")) {
      _ = try Self.directory([UInt8](try Data(contentsOf: seed)))
    }
  }

  /// A ZIP64 end record and locator (what a zip of more than 65,535 members or 4 GiB has) give
  /// the directory's place and count when the classic record's fields are saturated.
  @Test func theZIP64EndRecordLocatesTheDirectory() throws {
    var bytes: [UInt8] = []
    func append(_ value: UInt64, _ width: Int) {
      for index in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
    // One stored, empty member named "a": its local header, then the directory.
    append(0x0403_4B50, 4)
    append(0, 22)
    append(1, 2)
    append(0, 2)
    bytes.append(UInt8(ascii: "a"))
    let directoryOffset = UInt64(bytes.count)
    append(0x0201_4B50, 4)
    append(0, 24)
    append(1, 2)
    append(0, 12)  // extra and comment lengths, disk, attributes
    append(0, 4)  // the local header's offset
    bytes.append(UInt8(ascii: "a"))
    let directorySize = UInt64(bytes.count) - directoryOffset
    let zip64End = UInt64(bytes.count)
    append(0x0606_4B50, 4)
    append(44, 8)
    append(45, 2)
    append(45, 2)
    append(0, 8)
    append(1, 8)
    append(1, 8)
    append(directorySize, 8)
    append(directoryOffset, 8)
    append(0x0706_4B50, 4)
    append(0, 4)
    append(zip64End, 8)
    append(1, 4)
    append(0x0605_4B50, 4)
    append(0, 4)
    append(0xFFFF, 2)
    append(0xFFFF, 2)
    append(0xFFFF_FFFF, 4)
    append(0xFFFF_FFFF, 4)
    append(0, 2)

    let directory = try Self.directory(bytes)
    #expect(directory.offset == directoryOffset)
    #expect(directory.records.map(\.name) == ["a"])
    #expect(ZipLayoutCheck.claimedBytes(directory) == 31)
  }
}
