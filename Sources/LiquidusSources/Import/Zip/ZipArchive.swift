import Foundation
import ZIPFoundation

/// A zip opened for reading, as Apple Health, Health Connect and folder bundles all read one:
/// ZIPFoundation inflates the members, and ``ZipDirectory`` says what they are called, how
/// long their headers are and how they are compressed, from the bytes themselves.
final class ZipArchive {
  /// One member: its name as the format says (``ZipEntryName``), its directory record, and
  /// ZIPFoundation's entry that inflates it.
  struct Member {
    let name: String
    let record: ZipDirectoryRecord
    let entry: Entry

    /// Whether it is a file (not a folder or a link).
    var isFile: Bool { entry.type == .file }
  }

  /// The zip, as messages name it.
  let path: String
  let url: URL
  let directory: ZipDirectory
  let members: [Member]
  private let archive: Archive

  /// Opens the zip at `url`, telling a truncated zip from a file that is no zip at all.
  ///
  /// - Throws: ``ImportError/unreadableFile(path:reason:)``, ``ImportError/notAZip(path:)``,
  ///   ``ImportError/corruptZip(path:reason:)``.
  init(url: URL) throws(ImportError) {
    self.url = url
    path = url.path
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw .unreadableFile(path: path, reason: "no such readable file")
    }
    do {
      archive = try Archive(url: url, accessMode: .read)
    } catch {
      // A zip that starts like one but has no directory at its end was cut short.
      let head = (try? FileHandle(forReadingFrom: url).read(upToCount: 4)) ?? Data()
      if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
        throw .corruptZip(path: path, reason: "no zip directory at the end: the file is truncated")
      }
      throw .notAZip(path: path)
    }
    do {
      directory = try ZipDirectory(url: url)
    } catch {
      throw .corruptZip(path: path, reason: error.reason)
    }
    // Both read the same directory in the same order; ZIPFoundation stops early at a member
    // whose local header it cannot read, and such a member is left out here too.
    members = zip(directory.records, archive).map { Member(name: $0.name, record: $0, entry: $1) }
  }

  /// The first file member named `name`.
  subscript(name: String) -> Member? {
    members.first { $0.isFile && $0.name == name }
  }

  /// Refuses a member compressed in a way Liquidus cannot unpack, by the method's name,
  /// before any of it is read. Both headers are asked, since they may disagree and
  /// ZIPFoundation inflates by the local one.
  ///
  /// - Throws: ``ImportError/unsupportedZipCompression(path:member:method:)``.
  func checkReadable(_ member: Member) throws(ImportError) {
    var methods = [member.record.method]
    if let local = ZipDirectory.localHeader(of: member.record, url: url) {
      methods.append(local.method)
    }
    if let method = methods.first(where: { !$0.isReadable }) {
      throw .unsupportedZipCompression(path: path, member: member.name, method: method.name)
    }
  }

  /// Reads `member`'s data in chunks of at most `bufferSize`, after ``checkReadable(_:)``.
  ///
  /// - Returns: ZIPFoundation's CRC-32 of the data, or 0 when `skipCRC32`.
  func extract(
    _ member: Member, bufferSize: Int, skipCRC32: Bool, consumer: (Data) throws -> Void
  ) throws -> UInt32 {
    try checkReadable(member)
    return try archive.extract(
      member.entry, bufferSize: bufferSize, skipCRC32: skipCRC32, consumer: consumer)
  }
}
