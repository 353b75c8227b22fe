import Foundation
import ZIPFoundation

/// Streams `apple_health_export/export.xml` out of an `export.zip` without unpacking it.
///
/// ``ZipArchive`` finds the entry through the zip's central directory and
/// ``ZipMemberInflater`` inflates it; the inflating runs on a helper thread that feeds a small
/// ``ChunkQueue`` and takes its chunks back once read (``InflatedChunkPool``), so memory stays
/// at a few MiB and inflating overlaps with parsing. Nothing is sized from the sizes the zip
/// declares: the data ends where the deflate stream really ends, and the CRC32 is checked.
final class ZipEntryByteSource: ByteSource {
  /// The entry the Health app writes; other locations are accepted as a fallback.
  static let exportEntryPath = "apple_health_export/export.xml"

  let path: String
  private(set) var bytesRead: Int64 = 0
  /// Uncompressed bytes, as declared by the zip: only ever used to draw progress.
  let totalBytes: Int64?
  private let queue = ChunkQueue<InflatedChunk>(capacity: 8)
  private let pool = InflatedChunkPool(chunkSize: 1 << 20)
  /// The chunk being read, and how far.
  private var current: InflatedChunk?
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
    guard let header = ZipDirectory.localHeader(of: member.record, url: url) else {
      throw .corruptZip(path: path, reason: "cannot read the local header of \(member.name)")
    }
    let inflater = try ZipMemberInflater(
      url: url, record: member.record, header: header,
      directoryOffset: archive.directory.offset)
    let job = ExtractionJob(
      inflater: inflater, checksum: member.entry.checksum, path: path, queue: queue, pool: pool)
    let thread = Thread { job.run() }
    thread.name = "liquidus.unzip"
    thread.start()
  }

  deinit { queue.cancel() }

  func read(into destination: UnsafeMutableRawPointer, count: Int) throws(ImportError) -> Int {
    while current == nil || offset == current?.count {
      if let spent = current { pool.give(spent) }
      current = nil
      guard let chunk = try queue.take() else { return 0 }
      current = chunk
      offset = 0
    }
    guard let chunk = current else { return 0 }
    let n = min(count, chunk.count - offset)
    destination.copyMemory(from: chunk.bytes + offset, byteCount: n)
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
/// The inflater is not `Sendable`; after `init` hands it over, only the helper thread touches
/// it, which is why the box is `@unchecked Sendable`.
private final class ExtractionJob: @unchecked Sendable {
  private let inflater: ZipMemberInflater
  /// The CRC-32 the zip gives the member.
  private let checksum: UInt32
  private let path: String
  private let queue: ChunkQueue<InflatedChunk>
  private let pool: InflatedChunkPool

  init(
    inflater: ZipMemberInflater, checksum: UInt32, path: String,
    queue: ChunkQueue<InflatedChunk>, pool: InflatedChunkPool
  ) {
    self.inflater = inflater
    self.checksum = checksum
    self.path = path
    self.queue = queue
    self.pool = pool
  }

  func run() {
    let queue = self.queue
    do {
      while true {
        let chunk = pool.take()
        try inflater.fill(chunk)
        if chunk.count == 0 { break }
        try queue.put(chunk)
      }
      let crc = inflater.crc
      if crc != checksum {
        let reason =
          "CRC32 mismatch: the zip says \(hex(checksum)), the data gives \(hex(crc))"
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
