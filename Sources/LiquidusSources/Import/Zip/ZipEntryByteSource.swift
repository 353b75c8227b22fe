import Foundation
import ZIPFoundation

/// Streams `apple_health_export/export.xml` out of an `export.zip` without unpacking it.
///
/// ``ZipArchive`` finds the entry through the zip's central directory and inflates it; the
/// inflating runs on a helper thread that feeds a small ``ChunkQueue``, so memory stays at a
/// few MiB and inflating overlaps with parsing. Nothing is sized from the sizes the zip
/// declares: the data ends where the deflate stream really ends, and the CRC32 is checked.
final class ZipEntryByteSource: ByteSource {
  /// The entry the Health app writes; other locations are accepted as a fallback.
  static let exportEntryPath = "apple_health_export/export.xml"

  let path: String
  private(set) var bytesRead: Int64 = 0
  /// Uncompressed bytes, as declared by the zip: only ever used to draw progress.
  let totalBytes: Int64?
  private let queue = ChunkQueue<Data>(capacity: 8)
  private var current = Data()
  private var offset = 0

  init(url: URL) throws(ImportError) {
    path = url.path
    let archive = try ZipArchive(url: url)
    guard let member = Self.exportMember(in: archive) else {
      throw .missingExportXML(path: path, entries: archive.members.map(\.name))
    }
    try ZipLayoutCheck.verify(archive.directory, path: path)
    try archive.checkReadable(member)
    totalBytes = Int64(clamping: member.record.uncompressedSize)
    let job = ExtractionJob(archive: archive, member: member, path: path, queue: queue)
    let thread = Thread { job.run() }
    thread.name = "liquidus.unzip"
    thread.start()
  }

  deinit { queue.cancel() }

  func read(into destination: UnsafeMutableRawPointer, count: Int) throws(ImportError) -> Int {
    while offset == current.count {
      guard let chunk = try queue.take() else { return 0 }
      current = chunk
      offset = 0
    }
    let n = min(count, current.count - offset)
    current.withUnsafeBytes { bytes in
      if let base = bytes.baseAddress { destination.copyMemory(from: base + offset, byteCount: n) }
    }
    offset += n
    bytesRead += Int64(n)
    return n
  }

  /// The Apple Health export's XML member, if the zip holds one.
  ///
  /// By its name first; then, since a phone set to another language names the file in it
  /// (`导出.xml` in Chinese, `экспорт.xml` in Russian) and a re-zipped export may carry any
  /// folder name, by its place and extension: an XML file that is not the clinical document
  /// (`export_cda.xml`, `导出_cda.xml`) nor in the routes' or electrocardiograms' folders, whose
  /// document is HealthData (each candidate's beginning is read to tell). A candidate
  /// compressed in a way that cannot be read is taken as the export when no other is, so that
  /// the import says why it cannot read it instead of saying there is no export.
  static func exportMember(in archive: ZipArchive) -> ZipArchive.Member? {
    if let member = archive[exportEntryPath] { return member }
    // Some tools re-zip the export with another folder name; export_cda.xml is not it.
    if let member = archive.members.first(where: { member in
      member.isFile && (member.name == "export.xml" || member.name.hasSuffix("/export.xml"))
    }) {
      return member
    }
    let candidates = archive.members.filter { member in
      let path = member.name.lowercased()
      return member.isFile && path.hasSuffix(".xml") && !path.hasSuffix("_cda.xml")
        && !path.contains("workout-routes/") && !path.contains("electrocardiograms/")
    }
    return candidates.first { startsHealthData(archive, $0) }
      ?? candidates.first { !$0.record.method.isReadable }
  }

  /// Whether `member`'s first 64 KiB name HealthData as the document's root or its DTD.
  private static func startsHealthData(_ archive: ZipArchive, _ member: ZipArchive.Member) -> Bool {
    struct Enough: Error {}
    var head = Data()
    do {
      _ = try archive.extract(member, bufferSize: 16 * 1024, skipCRC32: true) { chunk in
        head.append(chunk)
        if head.count >= 64 * 1024 { throw Enough() }
      }
    } catch is Enough {
    } catch {
      return false
    }
    let text = String(decoding: head.prefix(64 * 1024), as: UTF8.self)
    return text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData")
  }
}

/// The work of the helper thread, boxed so that it can cross into the thread's closure.
///
/// `ZipArchive` and its members are not `Sendable`; after `init` hands them over, only the
/// helper thread touches them, which is why the box is `@unchecked Sendable`.
private final class ExtractionJob: @unchecked Sendable {
  private let archive: ZipArchive
  private let member: ZipArchive.Member
  private let path: String
  private let queue: ChunkQueue<Data>

  init(archive: ZipArchive, member: ZipArchive.Member, path: String, queue: ChunkQueue<Data>) {
    self.archive = archive
    self.member = member
    self.path = path
    self.queue = queue
  }

  func run() {
    let queue = self.queue
    do {
      // ZIPFoundation's own CRC is skipped for ZipChecksum's faster one (see there).
      var crc: UInt32 = 0
      _ = try archive.extract(member, bufferSize: 1 << 20, skipCRC32: true) { data in
        crc = data.withUnsafeBytes { ZipChecksum.update(crc, $0) }
        try queue.put(data)
      }
      if crc != member.entry.checksum {
        let reason =
          "CRC32 mismatch: the zip says \(hex(member.entry.checksum)), the data gives \(hex(crc))"
        queue.finish(.corruptZip(path: path, reason: reason))
      } else {
        queue.finish(nil)
      }
    } catch is ChunkQueueCancelled {
      queue.finish(nil)
    } catch let error as ImportError {
      queue.finish(error)
    } catch {
      queue.finish(.corruptZip(path: path, reason: "cannot inflate the export: \(error)"))
    }
  }

  private func hex(_ value: UInt32) -> String { String(value, radix: 16) }
}
